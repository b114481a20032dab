// Bundles a hook entry exactly as the build does (@hookrail/build), so tests can run it as the
// CLIs do: a separate node process per hook call.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleHook, type HookEntry } from "@hookrail/build";

export async function bundleEntry(entry: HookEntry, outDir: string): Promise<string> {
  const outfile = join(outDir, "hook.cjs");
  const silent = { exitCode: 0, stdout: "", stderr: "" };
  const audit = { cli: "claude", guardrail: "plan-export", decision: "failed-open" } as const;
  writeFileSync(outfile, (await bundleHook(entry, "plan-export", silent, audit)).hook);
  return outfile;
}
