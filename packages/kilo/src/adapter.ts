// The Kilo Code CLI adapter: the plugin's payloads → events, decisions → the plugin's answers (a bridge CLI).
import { defineBridgeAdapter } from "@hookrail/core";
import { kiloDialect } from "./dialect.ts";

export const kiloAdapter = defineBridgeAdapter(kiloDialect);
