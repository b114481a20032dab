// The Kimi Code adapter: payload → event, decision → answer. Kimi's payloads differ from Claude Code's in three
// places, evened out before the shared parse: UserPromptSubmit's `prompt` is a list of content parts, PostToolUse
// carries `tool_output`, and a session-start hook is started from UserPromptSubmit (see packaging.ts).
import { type Adapter, defineAdapter, type HookEvent, isRecord } from "@hookrail/core";
import { kimiDialect } from "./dialect.ts";
import { kimiStyle } from "./render.ts";

/** The argument a hook command passes when it stands for a session start (it is run on UserPromptSubmit). */
export const KIMI_SESSION_START_ARG = "session-start";

const textOf = (parts: unknown[]) =>
  parts
    .flatMap((part) => (isRecord(part) && part.type === "text" && typeof part.text === "string" ? [part.text] : []))
    .join("\n");

function even(payload: unknown): unknown {
  if (!isRecord(payload)) return payload;
  let out = payload;
  if (Array.isArray(out.prompt)) out = { ...out, prompt: textOf(out.prompt) };
  if (out.tool_output !== undefined && out.tool_response === undefined)
    out = { ...out, tool_response: out.tool_output };
  return out;
}

const base = defineAdapter(kimiDialect, kimiStyle);

export const kimiAdapter: Adapter = {
  ...base,
  parse(payload, args) {
    const event = base.parse(even(payload), args);
    if (event.kind !== "prompt" || !args?.includes(KIMI_SESSION_START_ARG)) return event;
    const { prompt: _prompt, ...rest } = event;
    const start: HookEvent = { ...rest, kind: "session-start", source: "startup" };
    return start;
  },
};
