export { geminiInstaller } from "./gemini.ts";
export { geminiManaged } from "./gemini-managed.ts";
