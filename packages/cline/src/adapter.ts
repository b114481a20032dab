// The Cline adapter: payload → event (Cline's own payload shape given core's), decision → answer.
import { type Adapter, defineAdapter, jsonAnswer, parsePayload } from "@hookrail/core";
import { clineDialect } from "./dialect.ts";
import { normaliseClinePayload } from "./payload.ts";
import { clineStyle, renderCline } from "./render.ts";

const base = defineAdapter(clineDialect, clineStyle);

export const clineAdapter: Adapter = {
  ...base,
  parse: (payload) => parsePayload(normaliseClinePayload(payload), clineDialect),
  render: renderCline,
  // Exit codes are never read: an unreadable event is stopped with cancel, which ends the run.
  block: (reason) => jsonAnswer({ cancel: true, errorMessage: reason }),
};
