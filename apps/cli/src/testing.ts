// What the repository's own conformance suite drives in-process: the command and its install engine (a CLI's
// installer comes from its own package's `./install`). Resolved only under the `@hookrail/source` condition
// (tests in this repository); the published package has no such entry.
export { apply } from "./install/apply.ts";
export { installContext } from "./install/context.ts";
export { main } from "./main.ts";
export { guardrails } from "./registry.ts";
