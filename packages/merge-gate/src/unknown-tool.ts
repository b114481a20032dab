// A tool the CLI's adapter does not name: MCP tools (a forge's, a git server's, any other), a newer CLI's own
// tools. A known forge tool is judged by its table (src/mcp/), any other by the words of its name and its
// arguments; it fails closed where the tool may run code the gate cannot read or land work.
import { classifyMcp, type McpFacts } from "./mcp/classify.ts";
import type { McpJudged } from "./mcp/decide.ts";
import { type McpCall, mcpCall } from "./mcp/tool-name.ts";
import { toolRequest } from "./mcp/tool-requests.ts";

export type UnknownTool =
  /** It carries a command string, or makes a request or runs a CLI that one stands for: analysed like a shell command. */
  | { kind: "command"; command: string }
  /** Its name or input says it runs code or types into a program, in a form the gate cannot read. */
  | { kind: "runs"; why: string }
  /** It would merge, land work on a protected branch, change the lock or command a merge bot. */
  | { kind: "lands"; call: McpCall; judged: McpJudged }
  /** Nothing in it can run a command or land work (path fields are judged before, as writes). */
  | { kind: "inert"; call: McpCall };

// Input fields that carry code or typed text.
const CODE_FIELDS = ["cmd", "commands", "script", "code", "stdin", "keys", "chars"];

/** What an unknown tool call may do, from its name and input; `server` where the CLI gives it apart. */
export function classifyUnknownTool(name: string, input: unknown, facts: McpFacts, server?: string): UnknownTool {
  const call = mcpCall(name, input, server);
  if (!call.known) {
    const { input: args } = call;
    // An HTTP request or a CLI run with its arguments is judged as the command line that does the same, unless its
    // name already says it lands work (`merge_pr` given the pull request's URL).
    const request = toolRequest(call.tool, args, call.server !== undefined);
    if (request !== undefined) {
      const byName = classifyMcp(call, facts);
      if (byName.kind === "judged" && byName.findings.length > 0) return { kind: "lands", call, judged: byName };
      if (byName.kind === "runs" && !request.plainly) return byName;
      return { kind: "command", command: request.command };
    }
    if (typeof args.command === "string") return { kind: "command", command: args.command };
    const code = CODE_FIELDS.find((f) => args[f] !== undefined);
    if (code) return { kind: "runs", why: `it takes code or typed text ("${code}")` };
    if (args.command !== undefined) return { kind: "runs", why: `its "command" is not a string` };
  }
  const verdict = classifyMcp(call, facts);
  if (verdict.kind === "runs") return verdict;
  return verdict.findings.length > 0 ? { kind: "lands", call, judged: verdict } : { kind: "inert", call };
}
