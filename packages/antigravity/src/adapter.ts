// The agy adapter: payload (camelCase, event named by the hook command's argument) → event, decision → answer.
import { type Adapter, defineAdapter, type HookEvent, parsePayload } from "@hookrail/core";
import { antigravityDialect } from "./dialect.ts";
import { normaliseAntigravityPayload } from "./payload.ts";
import { antigravityStyle, blockAntigravity, renderAntigravity } from "./render.ts";

const base = defineAdapter(antigravityDialect, antigravityStyle);

/** PreInvocation runs before every model call; only the first (invocationNum 0) is the session's start. */
function firstInvocationOnly(event: HookEvent): HookEvent {
  if (event.nativeEvent !== "PreInvocation" || event.kind !== "session-start" || event.payload.invocationNum === 0)
    return event;
  const { source: _source, ...rest } = event;
  return { ...rest, kind: "other" };
}

export const antigravityAdapter: Adapter = {
  ...base,
  parse: (payload, args = []) =>
    firstInvocationOnly(parsePayload(normaliseAntigravityPayload(payload, args[0]), antigravityDialect)),
  render: renderAntigravity,
  block: blockAntigravity,
};
