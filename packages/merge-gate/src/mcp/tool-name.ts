// Which forge tool an MCP call is, whatever CLI names it: Claude Code, Qwen Code, Kimi and Codex call it
// `mcp__<server>__<tool>`, Gemini CLI `mcp_<server>_<tool>` (or `<server>__<tool>`, or the bare tool), Cline
// `<server>__<tool>`, Copilot CLI `<server>-<tool>`, OpenCode and Kilo `<server>_<tool>`, Auggie `<tool>_<server>`,
// Cursor's preToolUse `MCP:<tool>` (its beforeMCPExecution gives the tool and the server apart), and a client's
// generic MCP tool (`use_mcp_tool`) wraps it as
// {server_name, tool_name, arguments}. Server names are the user's choice, so a known tool is found by its own
// name at the end of the whole name (else at its start), and where two forges share a name, by the shape of the
// arguments.
import { GIT_TOOLS } from "./git-servers.ts";
import { GITHUB_TOOLS } from "./github.ts";
import { GITLAB_TOOLS } from "./gitlab.ts";
import type { ToolRule, ToolTable } from "./types.ts";

export type Forge = "github" | "gitlab" | "git";

export interface McpCall {
  /** The tool's own name, snake_case (`merge_pull_request`); unknown tools keep what is left after the prefix. */
  tool: string;
  /** The server's name, where the CLI's form tells it apart. */
  server?: string;
  input: Record<string, unknown>;
  /** A tool of a forge server the gate knows. */
  known?: { forge: Forge; rule: ToolRule };
}

const TABLES: readonly [Forge, ToolTable][] = [
  ["github", GITHUB_TOOLS],
  ["gitlab", GITLAB_TOOLS],
  ["git", GIT_TOOLS],
];

/** `mergePullRequest`, `merge-pull-request`, `MERGE_PULL_REQUEST` → merge_pull_request. */
export function snakeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** The forge tool a call names: `raw` as the CLI gave it, `server` where the CLI gives it apart (Cursor). */
export function mcpCall(raw: string, rawInput: unknown, server?: string): McpCall {
  const input = objectOf(rawInput);
  const prefixed = /^mcp__(.+?)__(.+)$/i.exec(raw) ?? /^(.+)__(.+?)$/.exec(raw);
  const cursor = /^mcp:(?:(.+):)?(.+)$/i.exec(raw);
  const split = prefixed ?? cursor;
  const own = split?.[2] ?? raw;
  // A generic MCP tool wrapping the real call (`use_mcp_tool`, a hub's or gateway's `call_tool`).
  const inner = wrappedCall(own, input);
  if (inner) return mcpCall(inner.tool, inner.input, inner.server ?? server);
  const serverName = server ?? split?.[1];
  const exact = lookup(snakeName(own), input);
  const found = exact ?? bySuffix(snakeName(raw), input) ?? byPrefix(snakeName(raw), input);
  return {
    tool: found?.name ?? snakeName(own),
    ...(serverName ? { server: serverName } : {}),
    input,
    ...(found ? { known: { forge: found.forge, rule: found.rule } } : {}),
  };
}

// How a wrapping tool names the call it makes: the tool, its arguments, its server.
const WRAPPED_TOOL = ["tool_name", "toolName"];
const WRAPPED_TOOL_LOOSE = ["tool", "name"];
const WRAPPED_ARGS = ["arguments", "args", "input", "params", "parameters"];
const WRAPPED_SERVER = ["server_name", "serverName", "server"];
// A wrapper's own name, where the call's tool is given only as `tool` or `name`: it speaks of calling a tool.
const CALLS_TOOLS = /(?:^|_)(?:call|invoke|use|exec|execute|run|proxy)(?:_|$)|(?:^|_)(?:tool|mcp)(?:_|$)/;

/** The call a generic tool wraps, when it names a tool and gives it arguments. */
function wrappedCall(
  own: string,
  input: Record<string, unknown>,
): { tool: string; input: unknown; server?: string } | undefined {
  const args = WRAPPED_ARGS.find((f) => f in input);
  if (args === undefined) return undefined;
  const value = input[args];
  if (typeof value !== "string" && (typeof value !== "object" || value === null || Array.isArray(value)))
    return undefined;
  const strict = stringField(input, WRAPPED_TOOL);
  const tool =
    strict ??
    (args !== "arguments" && !CALLS_TOOLS.test(snakeName(own)) ? undefined : stringField(input, WRAPPED_TOOL_LOOSE));
  if (tool === undefined || !/^[\w.:/-]{1,200}$/.test(tool)) return undefined;
  const server = stringField(input, WRAPPED_SERVER);
  return { tool, input: value, ...(server ? { server } : {}) };
}

type Found = { name: string; forge: Forge; rule: ToolRule };

function lookup(name: string, input: Record<string, unknown>): Found | undefined {
  const hits: Found[] = [];
  for (const [forge, table] of TABLES) {
    const rule = Object.hasOwn(table, name) ? table[name] : undefined;
    if (rule) hits.push({ name, forge, rule });
  }
  // GitHub and GitLab share names (push_files, create_branch…): GitLab's calls name a project.
  const gitlab = ["project_id", "projectId", "merge_request_iid", "mergeRequestIid"].some((k) => k in input);
  return hits.find((h) => h.forge === (gitlab ? "gitlab" : "github")) ?? hits[0];
}

/** The longest known tool name that ends the whole name after a separator (`github-mcp-server-push_files`). */
function bySuffix(name: string, input: Record<string, unknown>): Found | undefined {
  const words = name.split("_");
  for (let start = 1; start < words.length; start++) {
    const found = lookup(words.slice(start).join("_"), input);
    if (found) return found;
  }
  return undefined;
}

/** The longest known tool name that starts the whole name before a separator (Auggie's `merge_pull_request_github`). */
function byPrefix(name: string, input: Record<string, unknown>): Found | undefined {
  const words = name.split("_");
  for (let end = words.length - 1; end > 0; end--) {
    const found = lookup(words.slice(0, end).join("_"), input);
    if (found) return found;
  }
  return undefined;
}

function objectOf(input: unknown): Record<string, unknown> {
  if (typeof input === "string") {
    try {
      return objectOf(JSON.parse(input));
    } catch {
      return {};
    }
  }
  return input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** The first of these arguments that is a non-empty string (a number counts, as its text). */
export function stringField(input: Record<string, unknown>, names: readonly string[] = []): string | undefined {
  for (const name of names) {
    const value = input[name];
    if (typeof value === "string" && value !== "") return value;
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  return undefined;
}
