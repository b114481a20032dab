export { auggieInstaller } from "./auggie.ts";
