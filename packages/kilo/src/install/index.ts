export { kiloInstaller } from "./kilo.ts";
