// Stub commands put first on PATH: each logs its argv as one JSON line and prints
// `fake <name>: <args>`, so "did the command really run" is a fact and nothing leaves the box.
import fs from "node:fs";
import path from "node:path";

export interface FakeCall {
  name: string;
  argv: string[];
  cwd: string;
  /** Date.now() when it ran (to tell two identical calls of a scenario apart). */
  t: number;
}

/** The commands a scenario fakes unless it names its own. */
export const DEFAULT_FAKES: readonly string[] = ["gh"];

export function writeFakeCommands(binDir: string, logFile: string, names: readonly string[] = DEFAULT_FAKES): void {
  fs.mkdirSync(binDir, { recursive: true });
  fs.writeFileSync(logFile, "");
  for (const name of names) {
    const script = [
      `#!${process.execPath}`,
      `const fs = require("node:fs");`,
      `const argv = process.argv.slice(2);`,
      `fs.appendFileSync(${JSON.stringify(logFile)}, JSON.stringify({ name: ${JSON.stringify(name)}, argv, cwd: process.cwd(), t: Date.now() }) + "\\n");`,
      `process.stdout.write("fake ${name}: " + argv.join(" ") + "\\n");`,
      "",
    ].join("\n");
    const file = path.join(binDir, name);
    fs.writeFileSync(file, script, { mode: 0o755 });
  }
}

export function readFakeCalls(logFile: string): FakeCall[] {
  if (!fs.existsSync(logFile)) return [];
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FakeCall);
}

/** The fake-command calls a shell command line accounts for (matched on `name argv...`). */
export function callsForCommand(command: string, calls: readonly FakeCall[]): FakeCall[] {
  const norm = (s: string): string => s.replace(/["']/g, "").replace(/\s+/g, " ").trim();
  const line = norm(command);
  return calls.filter((c) => line.includes(norm([c.name, ...c.argv].join(" "))));
}

/** Whether a shell command line invokes one of the fake commands (as a word). */
export function mentionsFake(command: string, names: readonly string[]): boolean {
  return names.some((n) => new RegExp(`(^|[\\s;&|(])${n}(\\s|$)`).test(command));
}
