/** A bundle's entry: a file, or source the build writes (resolved from `resolveDir`). */
export type HookEntry = string | { contents: string; resolveDir: string };
