// The Factory Droid adapter: payload → event, decision → answer.
import { defineAdapter } from "@hookrail/core";
import { droidDialect } from "./dialect.ts";
import { droidStyle } from "./render.ts";

export const droidAdapter = defineAdapter(droidDialect, droidStyle);
