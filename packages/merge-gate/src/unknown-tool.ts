// A tool the CLI's adapter does not name reaches the gate only where hooks have no tool matcher (Copilot's hook
// files call every hook on every tool): MCP tools, a newer CLI's own tools. The gate cannot know what such a tool
// does, so it reads what it can from the call and fails closed where the tool may run code or land work.
import { isProtected } from "./analysis/protected-branch.ts";

export type UnknownTool =
  /** It carries a command string: analysed like a shell command. */
  | { kind: "command"; command: string }
  /** Its name or input says it runs code or types into a program, in a form the gate cannot read. */
  | { kind: "runs"; why: string }
  /** Its name says it merges, or its input names a protected branch: a forge tool landing work there. */
  | { kind: "lands"; why: string }
  /** Nothing in it can run a command or land work (path fields are judged before, as writes). */
  | { kind: "inert" };

// Words of a tool's name that mean it runs something: a shell, code, a process, keystrokes.
const RUNS =
  /^(?:bash|sh|zsh|fish|shell|terminal|tty|pty|exec|execute|run|runner|command|cmd|script|eval|evaluate|spawn|stdin|powershell|pwsh|repl|subprocess|interpreter|keys|keystrokes|sudo)$/;
// Input fields that carry code or typed text.
const CODE_FIELDS = ["cmd", "commands", "script", "code", "stdin", "keys", "chars"];
// Words of a tool's name that mean it only reads.
const READS = /^(?:get|list|search|read|view|show|fetch|find|compare|describe|download|lookup)$/;
// Input fields that name the branch a forge tool writes to (GitHub's MCP server: create_or_update_file, push_files…).
const BRANCH_FIELDS = ["branch", "ref", "target_branch", "targetBranch"];

/** The words of a tool name: `github-mcp-server-merge_pull_request`, `mcp__github__mergePR` → merge, pull, … */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// `merge` as a verb: not GitLab's noun "merge request" (list_merge_requests), but accept_merge_request is a merge.
function mergesByName(words: readonly string[]): boolean {
  const noun = (i: number) => /^requests?$/.test(words[i + 1] ?? "");
  return words.some((w, i) => w === "merge" && (!noun(i) || words[i - 1] === "accept" || words[i - 1] === "merge"));
}

/** What an unknown tool call may do, from its name and input. */
export function classifyUnknownTool(
  name: string,
  input: Record<string, unknown>,
  protectedBranches: readonly string[],
): UnknownTool {
  if (typeof input.command === "string") return { kind: "command", command: input.command };
  const words = nameWords(name);
  const runs = words.find((w) => RUNS.test(w));
  if (runs) return { kind: "runs", why: `its name says it runs something ("${runs}")` };
  const code = CODE_FIELDS.find((f) => input[f] !== undefined);
  if (code) return { kind: "runs", why: `it takes code or typed text ("${code}")` };
  if (input.command !== undefined) return { kind: "runs", why: `its "command" is not a string` };
  if (mergesByName(words)) return { kind: "lands", why: "its name says it merges" };
  // A tool that reads (get_file_contents {ref: "main"}) lands nothing, whatever branch it names.
  if (words.some((w) => READS.test(w))) return { kind: "inert" };
  for (const field of BRANCH_FIELDS) {
    const value = input[field];
    if (typeof value !== "string") continue;
    const branch = value.replace(/^refs\/heads\//, "");
    if (isProtected(branch, protectedBranches))
      return { kind: "lands", why: `it names the protected branch ${branch}` };
  }
  return { kind: "inert" };
}
