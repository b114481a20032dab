// The Auggie adapter: payload → event (its session, folder and prompt under Claude Code's names), decision → answer.
import { type Adapter, defineAdapter, parsePayload } from "@hookrail/core";
import { auggieDialect } from "./dialect.ts";
import { normaliseAuggiePayload } from "./payload.ts";
import { auggieStyle } from "./render.ts";

const base = defineAdapter(auggieDialect, auggieStyle);

export const auggieAdapter: Adapter = {
  ...base,
  parse: (payload) => parsePayload(normaliseAuggiePayload(payload), auggieDialect),
};
