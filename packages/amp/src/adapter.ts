// The Amp adapter: the plugin's payloads → events, decisions → the plugin's answers (a bridge CLI).
import { defineBridgeAdapter } from "@hookrail/core";
import { ampDialect } from "./dialect.ts";

export const ampAdapter = defineBridgeAdapter(ampDialect);
