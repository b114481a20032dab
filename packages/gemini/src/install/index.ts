export { geminiInstaller } from "./gemini.ts";
