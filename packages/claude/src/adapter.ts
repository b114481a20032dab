// The Claude Code adapter: payload → event, decision → answer.
import { defineAdapter } from "@hookrail/core";
import { claudeDialect } from "./dialect.ts";
import { claudeStyle } from "./render.ts";

export const claudeAdapter = defineAdapter(claudeDialect, claudeStyle);
