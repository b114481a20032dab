export { cursorInstaller } from "./cursor.ts";
