/** A bundle's entry: a file, or source the build writes (resolved from `resolveDir`). */
export type HookEntry = string | { contents: string; resolveDir: string };

/**
 * What every hook bundle's esbuild run shares: one minified CommonJS or ES-module output in memory, for Node >= 18, in
 * ASCII. `import()` is lowered: the bundle runs inside vm.Script (loader.ts), where import() needs
 * --experimental-vm-modules; lowered, `await import("node:child_process")` becomes a require() that still runs only when
 * it is reached.
 */
export const HOOK_OUTPUT = {
  bundle: true,
  write: false,
  platform: "node",
  target: "node18",
  supported: { "dynamic-import": false },
  minify: true,
  legalComments: "eof",
  charset: "ascii",
  logLevel: "error",
} as const;
