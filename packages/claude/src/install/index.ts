export { claudeInstaller } from "./claude.ts";
export { claudeManaged } from "./claude-managed.ts";
