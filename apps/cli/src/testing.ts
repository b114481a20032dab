// What the repository's own conformance suite drives in-process: the command and its installers. Resolved
// only under the `@hookrail/source` condition (tests in this repository); the published package has no such
// entry.
export { apply } from "./install/apply.ts";
export { codexInstaller } from "./install/codex.ts";
export { type ListedHook, listHooks } from "./install/codex-hooks-list.ts";
export { installContext } from "./install/context.ts";
export { main } from "./main.ts";
export { guardrails } from "./registry.ts";
