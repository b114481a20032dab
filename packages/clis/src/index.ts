export { CLIS, type SupportedCli, supportedClis } from "./clis.ts";
