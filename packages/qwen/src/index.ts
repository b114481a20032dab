export { qwenAdapter } from "./adapter.ts";
export { qwenDialect } from "./dialect.ts";
export { QWEN_EXTENSION_ROOT, qwenBundlePath, qwenExtensionFiles, qwenPackaging } from "./packaging.ts";
export { qwenStyle } from "./render.ts";
