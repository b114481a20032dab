// Captured CLI payloads (packages/<cli>/test/fixtures) pointed at a test's repository and session, and an
// environment that keeps hookrail's state and config inside the test's temp folders.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./temp.ts";

/** CLIs whose fixtures are named after the event (`PreToolUse.Edit.json`); Copilot's sit in one folder per format. */
export type FixtureCli = "claude" | "gemini" | "codex" | "qwen" | "droid";

// Placeholders the capture scripts left in, plus the literal values of Codex's captures.
const CWD_MARKERS = ["<PROJECT_DIR>", "/home/user/project", "<repo>"];
const SESSION_MARKERS = ["<SESSION_ID>", "<CONVERSATION_ID>", "00000000-0000-7000-8000-000000000001"];

/**
 * `file` is a fixture file of the CLI (e.g. "PreToolUse.Edit.json"), with `#key` for Gemini's
 * one-payload-per-tool files ("BeforeTool.json#replace"); Copilot's are "copilot-format/…" or
 * "claude-format/…". `fields` override top-level payload fields.
 */
export function hookPayload(
  cli: FixtureCli | "copilot" | "cursor" | "antigravity" | "kimi" | "auggie",
  file: string,
  target: { cwd: string; sessionId: string },
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  const [name = "", key] = file.split("#");
  const path = new URL(`../../${cli}/test/fixtures/${name}`, import.meta.url);
  let text = readFileSync(path, "utf8");
  // Replaced inside JSON strings: escaped, so that a folder name with a newline or a quote stays JSON.
  const inJson = (value: string) => JSON.stringify(value).slice(1, -1);
  for (const marker of CWD_MARKERS) text = text.split(marker).join(inJson(target.cwd));
  for (const marker of SESSION_MARKERS) text = text.split(marker).join(inJson(target.sessionId));
  const json = JSON.parse(text) as Record<string, unknown>;
  const payload = (key ? json[key] : json) as Record<string, unknown> | undefined;
  if (!payload) throw new Error(`no payload "${file}" in ${cli}'s fixtures`);
  // Copilot's own format is camelCase; Antigravity CLI's session is its conversation, and so is Auggie's.
  const session =
    "conversation_id" in payload
      ? { conversation_id: target.sessionId }
      : "conversationId" in payload
        ? { conversationId: target.sessionId }
        : "sessionId" in payload
          ? { sessionId: target.sessionId }
          : { session_id: target.sessionId };
  return { ...payload, cwd: target.cwd, ...session, ...fields };
}

/** process.env plus a fresh HOOKRAIL_STATE_DIR and a HOOKRAIL_CONFIG path (not created) for one test. */
export function hookEnv(): NodeJS.ProcessEnv & { HOOKRAIL_STATE_DIR: string; HOOKRAIL_CONFIG: string } {
  const dir = tempDir("hookrail-home-");
  return { ...process.env, HOOKRAIL_STATE_DIR: join(dir, "state"), HOOKRAIL_CONFIG: join(dir, "config.json") };
}
