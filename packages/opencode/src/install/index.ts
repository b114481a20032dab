export { opencodeInstaller } from "./opencode.ts";
