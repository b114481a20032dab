export { codexHome, codexInstaller, ourTrust } from "./codex.ts";
export { codexTrustChecks } from "./codex-doctor.ts";
export { type ListedHook, listHooks } from "./codex-hooks-list.ts";
export { codexManaged, codexWindowsCommand } from "./codex-managed.ts";
export { codexTrustHash } from "./codex-trust.ts";
