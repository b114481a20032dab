// The Copilot CLI adapter: payload (either format) → event, decision → answer.
import { type Adapter, defineAdapter, parsePayload } from "@hookrail/core";
import { copilotDialect } from "./dialect.ts";
import { normalisePayload } from "./payload.ts";
import { copilotStyle } from "./render.ts";

const base = defineAdapter(copilotDialect, copilotStyle);

export const copilotAdapter: Adapter = {
  ...base,
  parse: (payload, args = []) => parsePayload(normalisePayload(payload, args[0]), copilotDialect),
};
