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
    if (name === "pwsh") {
      fs.writeFileSync(path.join(binDir, name), fakePwsh(logFile), { mode: 0o755 });
      continue;
    }
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

/**
 * A recording `pwsh` for Claude Code's PowerShell tool (there is no PowerShell here). The tool first asks it to
 * parse the command (`-EncodedCommand`: it answers nothing), then runs it with `-Command "<prelude>; <command>
 * ; <epilogue>"`: the fake logs the command as `pwsh <command>`, writes the folder file the epilogue names, and
 * runs the command's plain `gh …`/`git …` statements (with `$env:MERGE_APPROVED = 1` seen by those after it),
 * so that the stub log tells what ran.
 */
function fakePwsh(logFile: string): string {
  return [
    `#!${process.execPath}`,
    `const fs = require("node:fs");`,
    `const { spawnSync } = require("node:child_process");`,
    `const argv = process.argv.slice(2);`,
    `const at = argv.findIndex((a) => /^-command$/i.test(a));`,
    `if (at < 0) process.exit(0);`,
    `const text = argv.slice(at + 1).join(" ");`,
    `const start = text.indexOf("} } }; ");`,
    `const end = text.indexOf("\\n; $_ec");`,
    `const command = text.slice(start < 0 ? 0 : start + 7, end < 0 ? undefined : end);`,
    `fs.appendFileSync(${JSON.stringify(logFile)}, JSON.stringify({ name: "pwsh", argv: [command], cwd: process.cwd(), t: Date.now() }) + "\\n");`,
    `const pwd = /Out-File -FilePath '([^']+)'/.exec(text);`,
    `if (pwd) fs.writeFileSync(pwd[1], process.cwd());`,
    `const env = { ...process.env };`,
    `let code = 0;`,
    `for (const st of command.split(/[;\\n]/).map((x) => x.trim())) {`,
    `  if (/^\\$env:MERGE_APPROVED\\s*=\\s*'?1'?$/i.test(st)) env.MERGE_APPROVED = "1";`,
    `  else if (/^Remove-Item\\s+Env:MERGE_APPROVED$/i.test(st)) delete env.MERGE_APPROVED;`,
    `  else if (/^(gh|git)\\s/.test(st)) {`,
    `    const words = st.split(/\\s+/).map((w) => w.replace(/^['"]|['"]$/g, ""));`,
    `    const r = spawnSync(words[0], words.slice(1), { env, stdio: "inherit" });`,
    `    code = r.status ?? 1;`,
    `  } else process.stdout.write("fake pwsh: " + st + "\\n");`,
    `}`,
    `process.exit(code);`,
    "",
  ].join("\n");
}
