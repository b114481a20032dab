// Which of a bundle's paths a run took, for its code cache. The cache holds what the run that made it compiled, so
// one made by a session's first event (often the prompt) would lack the tool-call path, and every later tool call
// would compile that path again. The loader (packages/build's loader.ts) keeps in the cache file the paths of the
// runs that made it, and makes it again at the exit of a run that took one it lacks: after a few runs the cache holds
// every path the hook takes on this machine. A run marks its paths in a global (the bundle runs in the loader's realm).

/** The global (`Symbol.for(PATHS_KEY)`) that holds the paths this process took, one bit each. */
export const PATHS_KEY = "hookrail.paths";

/**
 * One bit per path: the event's kind, an answer other than the plain allow (rendered, audited), a command line
 * read in full by the shell parser or the PowerShell reader (a guardrail's analysis marks those), and a stored entry
 * found in the state store (a session's record, a plan), which a guardrail's first call, the one that writes it,
 * never finds (the store marks it), and a call of a tool the guardrail reads by its name (an MCP server's tool), whose
 * reading it loads only for such a call.
 */
export const PATH_BITS = {
  "session-start": 1,
  "before-tool": 2,
  "after-tool": 4,
  prompt: 8,
  stop: 16,
  "session-end": 32,
  other: 64,
  answered: 128,
  parse: 256,
  powershell: 512,
  recorded: 1024,
  "named-tool": 2048,
} as const;

export function tookPath(path: keyof typeof PATH_BITS): void {
  const store = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(PATHS_KEY);
  store[key] = Number(store[key]) | 0 | PATH_BITS[path];
}
