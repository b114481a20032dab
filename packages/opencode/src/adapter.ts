// The OpenCode adapter: the plugin's payloads → events, decisions → the plugin's answers (a bridge CLI).
import { defineBridgeAdapter } from "@hookrail/core";
import { opencodeDialect } from "./dialect.ts";

export const opencodeAdapter = defineBridgeAdapter(opencodeDialect);
