// The Pi adapter: the extension's payloads → events, decisions → the extension's answers (a bridge CLI).
import { defineBridgeAdapter } from "@hookrail/core";
import { piDialect } from "./dialect.ts";

export const piAdapter = defineBridgeAdapter(piDialect);
