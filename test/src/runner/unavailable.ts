// The runner of a CLI that cannot run here (cli-versions.json `unavailable`: no registry serves it, or, Amp, its
// agent runs only in its vendor's service). Its cells are defined and skipped
// with that reason before a run is needed (cells/define.ts); once the CLI can be installed, a real runner
// (headless session against a mock model, like claude.ts) replaces this one and the cells switch on.
import { type CliName, cliInfo } from "../clis.ts";
import type { RunOptions, RunReport } from "./types.ts";

export const unavailableRunner =
  (cli: CliName) =>
  async (_options: RunOptions): Promise<RunReport> => {
    throw new Error(`${cli} has no runner: ${cliInfo(cli).unavailable ?? "write one in test/src/runner/"}`);
  };
