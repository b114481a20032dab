// The Cline adapter: payload → event (Cline's own payload shape given core's), decision → answer.
import { type Adapter, defineAdapter, jsonAnswer, parsePayload } from "@hookrail/core";
import { CLINE_REFUSE_FLAG, clineDialect } from "./dialect.ts";
import { normaliseClinePayload } from "./payload.ts";
import { clineStyle, renderCline } from "./render.ts";

const base = defineAdapter(clineDialect, clineStyle);

export const clineAdapter: Adapter = {
  ...base,
  parse: (payload) => parsePayload(normaliseClinePayload(payload), clineDialect),
  render: renderCline,
  // Exit codes are never read, and this answer is written before the event is known (a bundle that cannot start,
  // an unreadable event): `cancel` stops the call, and `hookrailRefuse` asks the dispatcher, which has the call, to
  // refuse it the way that keeps the run going instead (dispatcher-source.ts).
  block: (reason) => jsonAnswer({ cancel: true, errorMessage: reason, [CLINE_REFUSE_FLAG]: true }),
};
