// Counting which modules a run sets up: `vi.mock(path, loads.counted(name))` replaces a module by itself and counts
// its loads in `loads.seen` (a module imported at start-up counts at once, one imported on demand when the first code
// that needs it runs). Its own subpath, with no import, so that `vi.hoisted` can load it before any mocked module.
export interface ModuleLoads {
  /** Loads by the name each module was counted under. */
  seen: Record<string, number>;
  /** A `vi.mock` factory that counts the module's loads under `name` and gives the module itself. */
  counted: (
    name: string,
  ) => (importOriginal: () => Promise<Record<string, unknown>>) => Promise<Record<string, unknown>>;
}

export function moduleLoads(): ModuleLoads {
  const seen: Record<string, number> = {};
  return {
    seen,
    counted: (name) => async (importOriginal) => {
      seen[name] = (seen[name] ?? 0) + 1;
      return importOriginal();
    },
  };
}
