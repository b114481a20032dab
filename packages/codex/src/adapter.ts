// The Codex CLI adapter: payload → event, decision → answer.
import { type Adapter, exitTwoAnswer, parsePayload } from "@hookrail/core";
import { codexDialect } from "./dialect.ts";
import { codexNotesReachModel, renderCodex } from "./render.ts";

export const codexAdapter: Adapter = {
  cli: "codex",
  parse: (payload) => parsePayload(payload, codexDialect),
  render: renderCodex,
  block: exitTwoAnswer,
  notesReachModel: codexNotesReachModel,
};
