#!/usr/bin/env node
// A stdio MCP server with GitHub-MCP-shaped tools (and a browser's click) for the real-CLI cells: newline-delimited JSON-RPC, no
// dependencies. Every tools/call is appended to the record file (`--record FILE`) as one JSON line
// {tool, args, t} and answered with success, so a cell knows whether a call really reached the server.
//   node mcp-server.mjs --record FILE [--name github]
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const argv = process.argv.slice(2);
const option = (key, fallback) => {
  const i = argv.indexOf(key);
  return i >= 0 ? argv[i + 1] : fallback;
};
const RECORD = option("--record", process.env.HOOKRAIL_MCP_RECORD);
const NAME = option("--name", "github");

const str = { type: "string" };
const num = { type: "number" };
const tool = (name, description, properties, required = []) => ({
  name,
  description,
  inputSchema: { type: "object", properties, required },
});
const repo = { owner: str, repo: str };
const TOOLS = [
  tool("get_pull_request", "Get details of a pull request", { ...repo, pullNumber: num }, [
    "owner",
    "repo",
    "pullNumber",
  ]),
  tool("create_pull_request", "Create a new pull request", { ...repo, title: str, body: str, head: str, base: str }, [
    "owner",
    "repo",
    "title",
    "head",
    "base",
  ]),
  tool(
    "merge_pull_request",
    "Merge a pull request",
    { ...repo, pullNumber: num, merge_method: str, commit_title: str },
    ["owner", "repo", "pullNumber"],
  ),
  tool(
    "create_or_update_file",
    "Create or update a single file in a repository",
    { ...repo, path: str, content: str, message: str, branch: str, sha: str },
    ["owner", "repo", "path", "content", "message", "branch"],
  ),
  tool("list_workflow_runs", "List workflow runs of a repository", { ...repo, workflow_id: str }, ["owner", "repo"]),
  tool("search_code", "Search code across repositories", { query: str }, ["query"]),
  // A server whose tools take what they do as an argument, and a generic HTTP tool.
  tool(
    "pull_request_write",
    "Create, update or merge a pull request (method: create, update, merge)",
    { ...repo, method: str, pullNumber: num, title: str, body: str, head: str, base: str },
    ["owner", "repo", "method"],
  ),
  tool("http_request", "Send an HTTP request to the forge's API", { method: str, url: str, body: str }, [
    "method",
    "url",
  ]),
  // A browser server's click, Playwright-shaped: what it clicks, in words, and the snapshot's id for it.
  tool("browser_click", "Click an element on the open web page", { element: str, ref: str }, ["element", "ref"]),
];

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const reply = (id, result) => send({ jsonrpc: "2.0", id, result });

createInterface({ input: process.stdin }).on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  const { id, method, params } = message ?? {};
  if (method === "initialize") {
    reply(id, {
      protocolVersion: params?.protocolVersion ?? "2025-06-18",
      capabilities: { tools: { listChanged: false } },
      serverInfo: { name: `${NAME}-mock`, version: "1.0.0" },
    });
  } else if (method === "tools/list") {
    reply(id, { tools: TOOLS });
  } else if (method === "tools/call") {
    const name = params?.name;
    if (!TOOLS.some((t) => t.name === name)) {
      send({ jsonrpc: "2.0", id, error: { code: -32602, message: `unknown tool ${name}` } });
      return;
    }
    if (RECORD)
      appendFileSync(RECORD, `${JSON.stringify({ tool: name, args: params?.arguments ?? {}, t: Date.now() })}\n`);
    reply(id, { content: [{ type: "text", text: `${NAME}: ${name} done` }], isError: false });
  } else if (id !== undefined && id !== null) {
    // ping, resources/list, prompts/list…: an empty answer; notifications get none.
    if (method === "resources/list") reply(id, { resources: [] });
    else if (method === "prompts/list") reply(id, { prompts: [] });
    else if (method === "resources/templates/list") reply(id, { resourceTemplates: [] });
    else reply(id, {});
  }
});
