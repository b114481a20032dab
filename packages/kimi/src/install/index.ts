export { kimiInstaller } from "./kimi.ts";
