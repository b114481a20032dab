// The Gemini CLI adapter: payload → event, decision → answer.
import { type Adapter, exitTwoAnswer, parsePayload } from "@hookrail/core";
import { geminiDialect } from "./dialect.ts";
import { geminiNotesReachModel, renderGemini } from "./render.ts";

export const geminiAdapter: Adapter = {
  cli: "gemini",
  parse: (payload) => parsePayload(payload, geminiDialect),
  render: renderGemini,
  block: exitTwoAnswer,
  notesReachModel: geminiNotesReachModel,
};
