export { CLIS, cliLabel, DOCUMENTED_ONLY, mcpUnseen, type SupportedCli, supportedClis } from "./clis.ts";
export { CLAUDE_SETTINGS_LAYERS } from "./places.ts";
