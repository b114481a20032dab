export { CLIS, cliLabel, DOCUMENTED_ONLY, mcpUnseen, type SupportedCli, supportedClis } from "./clis.ts";
