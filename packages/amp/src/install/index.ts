export { ampConfigDir, ampInstaller } from "./amp.ts";
