export { clineInstaller } from "./cline.ts";
