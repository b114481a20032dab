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

/** The command with the gate's marker in front, as the model should rerun it. */
export function approvedCommand(f: GateFinding, gate: CommandGate): string {
  const bare = f.command.trim().replace(new RegExp(`^${gate.marker}=\\S*\\s+`), "");
  return `${gate.marker}=1 ${shortCommand(bare)}`;
}

function shortCommand(command: string, max = 120): string {
  const flat = command.replace(/\\\n/g, " ").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
