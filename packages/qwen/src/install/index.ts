export { qwenInstaller } from "./qwen.ts";
export { qwenExtensionEnabled, qwenTrusts } from "./qwen-checks.ts";
