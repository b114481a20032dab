// Node built-ins that only some runs need, loaded when first used instead of when a hook bundle starts:
// a hook runs on every tool call, and node:crypto alone costs a few milliseconds of start-up that most runs
// never use. process.getBuiltinModule exists from Node 20.16 / 22.3; older Node runs the CommonJS hook
// bundles (and the CLI's bundle, which defines require), where require is there.

type Loader = (id: string) => unknown;

/** The built-in module `id` (e.g. "node:crypto"), loaded now if it was not yet. */
export function builtin<T>(id: `node:${string}`): T {
  const get = (process as { getBuiltinModule?: Loader }).getBuiltinModule;
  if (get) return get(id) as T;
  if (typeof require === "function") return require(id) as T;
  throw new Error(`cannot load ${id}: this needs Node >= 20.16, or hookrail's CommonJS bundles`);
}
