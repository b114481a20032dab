export {
  type BuiltFile,
  buildGuardrailFiles,
  GIT_HOOKS,
  marketplaceDescription,
  pluginDir,
  rootFiles,
  startFailureAnswer,
} from "./build.ts";
export { bundleHook, bundleToDataUrl } from "./bundle.ts";
export { compareFiles, writeFiles } from "./files.ts";
export { findGuardrails, type GuardrailPackage, type HookEntry, hookEntry } from "./guardrails.ts";
export { ERROR_MARKER, type LoaderAnswer, type LoaderOptions, loaderSource } from "./loader.ts";
export { staleFiles } from "./stale.ts";
