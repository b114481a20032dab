export { openclawInstaller } from "./openclaw.ts";
export { openclawConfigFile, openclawStateDir } from "./openclaw-config.ts";
