// The OpenClaw adapter: the plugin's payloads → events, decisions → the plugin's answers (a bridge CLI).
import { defineBridgeAdapter } from "@hookrail/core";
import { openclawDialect } from "./dialect.ts";

export const openclawAdapter = defineBridgeAdapter(openclawDialect);
