// The user's home folder without a static import of node:os: every hook bundle reads config and state
// paths on every run, and loading node:os for a $HOME that is almost always set costs start-up time.

/** $HOME, else what os.homedir() says (node:os loaded only then), else %USERPROFILE% on old Node. */
export function homeDirectory(env: NodeJS.ProcessEnv): string {
  if (env.HOME) return env.HOME;
  // process.getBuiltinModule: Node >= 20.16 / 22.3; the bundles also run on older Node.
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const os = getBuiltin?.("node:os") as typeof import("node:os") | undefined;
  return os?.homedir() || env.USERPROFILE || "";
}
