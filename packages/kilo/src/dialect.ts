// Kilo Code CLI's names (measured on Kilo 7.7.7): OpenCode's plugin API (core's opencode-api.ts), OpenCode's
// tools, and background_process, Kilo's own tool for long-running commands.
import { type BridgeDialect, OPENCODE_API_TOOLS, openCodeApiDialect } from "@hookrail/core";
import { kiloTitle } from "./places.ts";

const api = openCodeApiDialect("kilo", kiloTitle, { ...OPENCODE_API_TOOLS, background_process: "shell" });

export const kiloDialect: BridgeDialect = {
  ...api,
  // background_process runs a command only when it starts one; its list, status, logs and stop run none.
  command: (tool, args) => {
    const command = tool !== "background_process" || args.action === "start" ? args.command : "";
    return typeof command === "string" ? command : undefined;
  },
};
