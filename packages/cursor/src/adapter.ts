// The Cursor adapter: payload → event (its flat shell and edit hooks given the tool shape), decision → answer.
import { type Adapter, defineAdapter, parsePayload } from "@hookrail/core";
import { cursorDialect } from "./dialect.ts";
import { normaliseCursorPayload } from "./payload.ts";
import { cursorStyle, renderCursor } from "./render.ts";

const base = defineAdapter(cursorDialect, cursorStyle);

export const cursorAdapter: Adapter = {
  ...base,
  parse: (payload) => parsePayload(normaliseCursorPayload(payload), cursorDialect),
  render: renderCursor,
};
