// OpenCode's names (measured on OpenCode 1.18.33): its plugin API, which core's opencode-api.ts reads, and its tools.
import { openCodeApiDialect } from "@hookrail/core";
import { opencodeTitle } from "./places.ts";

export const opencodeDialect = openCodeApiDialect("opencode", opencodeTitle);
