// The Codex CLI adapter: payload → event, decision → answer.
import { defineAdapter } from "@hookrail/core";
import { codexDialect } from "./dialect.ts";
import { codexStyle } from "./render.ts";

export const codexAdapter = defineAdapter(codexDialect, codexStyle);
