export { claudeInstaller } from "./claude.ts";
