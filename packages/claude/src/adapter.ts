// The Claude Code adapter: payload → event, decision → answer.
import { type Adapter, exitTwoAnswer, parsePayload } from "@hookrail/core";
import { claudeDialect } from "./dialect.ts";
import { claudeNotesReachModel, renderClaude } from "./render.ts";

export const claudeAdapter: Adapter = {
  cli: "claude",
  parse: (payload) => parsePayload(payload, claudeDialect),
  render: renderClaude,
  block: exitTwoAnswer,
  notesReachModel: claudeNotesReachModel,
};
