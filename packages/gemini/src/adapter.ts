// The Gemini CLI adapter: payload → event, decision → answer.
import { defineAdapter } from "@hookrail/core";
import { geminiDialect } from "./dialect.ts";
import { geminiStyle } from "./render.ts";

export const geminiAdapter = defineAdapter(geminiDialect, geminiStyle);
