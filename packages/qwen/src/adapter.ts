// The Qwen Code adapter: payload → event, decision → answer.
import { defineAdapter } from "@hookrail/core";
import { qwenDialect } from "./dialect.ts";
import { qwenStyle } from "./render.ts";

export const qwenAdapter = defineAdapter(qwenDialect, qwenStyle);
