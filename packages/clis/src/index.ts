export { CLIS, cliLabel, DOCUMENTED_ONLY, type SupportedCli, supportedClis } from "./clis.ts";
