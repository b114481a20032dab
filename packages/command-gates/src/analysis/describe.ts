// The product text for findings: what a command does in a gate's terms, and the approved command to show.
import type { CommandGate } from "../options.ts";
import type { GateFinding } from "./analyze-gates.ts";

/** "`npm publish` runs npm publish (gate publish)", "`npm $X` cannot be checked before it runs: …". */
export function describeFinding(f: GateFinding, gate: CommandGate): string {
  const cmd = `\`${shortCommand(f.command)}\``;
  if (f.kind === "unprovable") {
    return `${cmd} cannot be checked before it runs: ${f.why} (gate "${gate.name}": ${gate.commands.join(", ")})`;
  }
  const how = f.sure ? `runs ${f.pattern}` : `may run ${f.pattern} (a word of it is known only when it runs)`;
  return `${cmd} ${how} (gate "${gate.name}")${f.approved ? ` (approved with ${gate.marker}=1)` : ""}`;
}

type Dialect = "bash" | "powershell" | undefined;

/**
 * The command with the gate's marker, as the model should rerun it: in front of it, or in PowerShell (which has
 * no `NAME=1 command` prefix) set just before it and removed right after (@hookrail/shell's ps-approval.ts).
 */
export function approvedCommand(f: GateFinding, gate: CommandGate, dialect?: Dialect): string {
  if (dialect === "powershell") return withMarker(shortCommand(f.command), gate, dialect);
  const bare = f.command.trim().replace(new RegExp(`^${gate.marker}=\\S*\\s+`), "");
  return withMarker(shortCommand(bare), gate, dialect);
}

export function withMarker(command: string, gate: CommandGate, dialect: Dialect): string {
  return dialect === "powershell"
    ? `$env:${gate.marker} = 1; ${command}; Remove-Item Env:${gate.marker}`
    : `${gate.marker}=1 ${command}`;
}

/** How a reason names the marker on a command. */
export function markerHow(gate: CommandGate, dialect: Dialect): string {
  return dialect === "powershell"
    ? `the marker around it, in PowerShell's spelling (it has no NAME=1 prefix): \`${withMarker("<the command>", gate, dialect)}\``
    : `${gate.marker}=1 in front`;
}

/** Mode user: what the line runs besides the marker's own statements (PowerShell's setting and removing it). */
export function withoutMarker(line: string, gate: CommandGate, dialect: Dialect): string {
  if (dialect !== "powershell") return line.trim();
  const m = gate.marker;
  const around = new RegExp(
    `^\\s*\\$env:${m}\\s*=\\s*(?:1|'1'|"1")\\s*[;\\n]\\s*([\\s\\S]*?)\\s*[;\\n]\\s*` +
      `(?:Remove-Item|ri|rm|del|erase)\\s+(?:-(?:Literal)?Path\\s+)?Env:\\\\?${m}\\s*;?\\s*$`,
    "i",
  );
  return (around.exec(line)?.[1] ?? line).trim();
}

function shortCommand(command: string, max = 120): string {
  const flat = command.replace(/\\\n/g, " ").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
