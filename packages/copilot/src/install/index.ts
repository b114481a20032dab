export { copilotInstaller } from "./copilot.ts";
