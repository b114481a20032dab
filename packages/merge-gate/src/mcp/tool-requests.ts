// An MCP tool that makes an HTTP request (a fetch or API tool, a GraphQL tool) or runs a forge's or git's CLI with
// the arguments it is given, read as the command line that does the same, so that the shell analysis judges it with
// everything it knows: the forges' API routes and GraphQL mutations, `gh`, `glab`, `git push` and the landing tools.
// Pure: the call's own name (snake_case, after the CLI's prefix) and its arguments.
import { MERGE_COMMANDS } from "../analysis/analysed-names.ts";

const URL_FIELDS = ["url", "uri", "endpoint", "path", "route", "api_path", "apiPath", "href"];
const METHOD_FIELDS = ["method", "http_method", "httpMethod", "request_method", "requestMethod", "verb"];
const BODY_FIELDS = ["body", "data", "json", "payload", "request_body", "requestBody", "fields", "content"];
const HTTP_METHOD = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/i;
// The text of a GraphQL document, and the tools whose name says they speak GraphQL.
const DOCUMENT_FIELDS = ["query", "mutation", "document", "graphql", "gql"];
const MUTATION = /(?:^|[^\w$])mutation\b/;
const LEADING_MUTATION = /^\s*(?:#[^\n]*\n\s*)*mutation\b/;

// A tool named after a CLI (`gh`, `git_cli`, `glab_tool`): the words that may stand beside the program's name.
const FILLER = new Set(["cli", "tool", "tools", "mcp", "call", "invoke", "wrapper", "proxy", "raw", "passthrough"]);
// `github_cli`, `gitlab_cli`: a forge's name with `cli` is its CLI.
const FORGE_CLI: Readonly<Record<string, string>> = { github: "gh", gitlab: "glab", gitea: "tea", forgejo: "fj" };
const PROGRAMS: ReadonlySet<string> = new Set(MERGE_COMMANDS);
const PROGRAM_FIELDS = ["program", "executable", "binary", "bin", "cli"];
const ARG_FIELDS = ["args", "argv", "arguments", "params"];
const SUBCOMMAND_FIELDS = ["command", "subcommand", "cmd"];

const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

const text = (input: Record<string, unknown>, names: readonly string[]): string | undefined => {
  for (const name of names) {
    const value = input[name];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
};

/** What a call was read as: its command line, and whether that line is what the tool runs (`plainly`). */
export interface ToolRequest {
  command: string;
  /**
   * Where its name also says it runs something, the line is what it runs: a CLI it is named after or given, or a
   * request from a tool whose name speaks of them (`execute_request`); `run_script` given a URL runs what it fetches.
   */
  plainly: boolean;
}

// Words of a tool's name that say it sends requests.
const SENDS = /^(?:http|https|request|requests|fetch|api|rest|graphql|gql|curl|web|url)$/;

/**
 * The command line a call amounts to, when it makes an HTTP request or runs a CLI the gate reads; else undefined.
 * `split`: the CLI's form told the server's name apart from the tool's (else the server's words may lead the name,
 * as in Copilot CLI's `github-mcp-server-git`).
 */
export function toolRequest(tool: string, input: Record<string, unknown>, split = true): ToolRequest | undefined {
  const program = programCommand(tool, input, split);
  if (program !== undefined) return { command: program, plainly: true };
  const command = graphqlCommand(tool, input) ?? httpCommand(input);
  return command === undefined ? undefined : { command, plainly: tool.split("_").some((w) => SENDS.test(w)) };
}

/** The command line alone (toolRequest). */
export const requestCommand = (tool: string, input: Record<string, unknown>, split = true): string | undefined =>
  toolRequest(tool, input, split)?.command;

/** A tool that runs `gh`, `git`, `glab`… with the words it is given: named after the program, or naming it. */
function programCommand(tool: string, input: Record<string, unknown>, split: boolean): string | undefined {
  const program = programOf(tool, input, split);
  if (program === undefined) return undefined;
  const sub = text(input, SUBCOMMAND_FIELDS);
  const field = ARG_FIELDS.find((f) => input[f] !== undefined && input[f] !== null);
  const args = field === undefined ? undefined : input[field];
  const words: string[] = [];
  if (sub !== undefined) {
    // A command that already starts with the program is the whole line (`{"command": "gh pr merge 3"}`).
    const first = sub.trim().split(/\s+/)[0];
    words.push(first === program ? sub.trim() : `${program} ${sub.trim()}`);
  } else words.push(program);
  if (Array.isArray(args)) {
    if (!args.every((a) => ["string", "number", "boolean"].includes(typeof a))) return undefined;
    words.push(...args.map((a) => quote(String(a))));
  } else if (typeof args === "string") words.push(args);
  else if (args !== undefined || sub === undefined) return undefined;
  return words.join(" ");
}

function programOf(tool: string, input: Record<string, unknown>, split: boolean): string | undefined {
  const named = text(input, PROGRAM_FIELDS)?.trim();
  if (named !== undefined) {
    const base =
      named
        .split(/[\\/]/)
        .pop()
        ?.replace(/\.exe$/i, "") ?? "";
    return PROGRAMS.has(base) ? base : undefined;
  }
  const all = tool.split("_").filter((w) => w !== "");
  const words = all.filter((w) => !FILLER.has(w));
  // The tool's own words are the last ones where the server's may lead them.
  const own = split ? words : words.slice(-1);
  if (own.length !== 1) return undefined;
  const word = own[0] as string;
  if (PROGRAMS.has(word)) return word;
  const forge = FORGE_CLI[word];
  return forge !== undefined && all.at(-1) === "cli" ? forge : undefined;
}

/** A GraphQL tool's mutation, as the POST to the API's graphql endpoint that sends it. */
function graphqlCommand(tool: string, input: Record<string, unknown>): string | undefined {
  const field = DOCUMENT_FIELDS.find((f) => typeof input[f] === "string");
  if (field === undefined) return undefined;
  const document = input[field] as string;
  const speaksGraphql =
    tool.split("_").some((w) => w === "graphql" || w === "gql") ||
    field === "mutation" ||
    /graphql/i.test(text(input, URL_FIELDS) ?? "") ||
    LEADING_MUTATION.test(document);
  // A `mutation` argument is one, `mutation` keyword or not; another document is read when it holds one.
  if (!speaksGraphql || (field !== "mutation" && !MUTATION.test(document))) return undefined;
  const variables = jsonOf(input.variables);
  const body = JSON.stringify(variables === undefined ? { query: document } : { query: document, variables });
  const url = text(input, URL_FIELDS) ?? "/graphql";
  return `curl -X POST ${quote(url)} --data-raw ${quote(body)}`;
}

/** A request to a URL or API path with a method (and a body): as curl sends it. */
function httpCommand(input: Record<string, unknown>): string | undefined {
  const url = text(input, URL_FIELDS);
  if (url === undefined) return undefined;
  const method = text(input, METHOD_FIELDS)?.trim();
  const field = BODY_FIELDS.find((f) => input[f] !== undefined && input[f] !== null);
  const body = field === undefined ? undefined : bodyText(input[field]);
  const http = /^https?:\/\//i.test(url.trim());
  // A path with no HTTP method is a file, a route or a page: not a request this reads.
  if (method !== undefined ? !HTTP_METHOD.test(method) : !http) return undefined;
  const verb = (method ?? (body !== undefined ? "POST" : "GET")).toUpperCase();
  const data = body === undefined ? "" : ` --data-raw ${quote(body)}`;
  return `curl -X ${verb} ${quote(url.trim())}${data}`;
}

function bodyText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return value === undefined ? undefined : String(value);
}

function jsonOf(value: unknown): unknown {
  if (typeof value !== "string") return value ?? undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
