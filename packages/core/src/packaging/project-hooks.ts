// A project's one copy of each guardrail: a project-scope install writes a guardrail's code once, to
// .hookrail/hooks/<guardrail>/<guardrail>.cjs, and each CLI's folder gets a small hook file in the place of its
// bundle that finds that copy and runs it with the CLI's name. The shipped tree holds both halves, under
// plugins/<guardrail>/project/: `shared/` (the copy) and one folder per CLI (its folder with the small file).

/** The project's folder of shared guardrail code, relative to its top level. */
export const PROJECT_HOOKS_DIR = ".hookrail/hooks";

/** The folder of plugins/<guardrail>/ that holds the project forms. */
export const PROJECT_FORM = "project";

/** The folder of a project form that is copied to PROJECT_HOOKS_DIR/<guardrail>. */
export const PROJECT_SHARED = "shared";

/** The shared file of a guardrail, relative to its folder (the same in the shipped tree and in a project). */
export const projectHookName = (guardrail: string): string => `${guardrail}.cjs`;

/** The shared file of a guardrail, relative to the project's top level. */
export const projectHookFile = (guardrail: string): string =>
  `${PROJECT_HOOKS_DIR}/${guardrail}/${projectHookName(guardrail)}`;

/** On the first line of every hook file that runs a project's copy (how a CLI's dispatcher tells one from a bundle). */
export const PROJECT_HOOK_MARK = "the hook file that runs the project's copy";

const hooksDirParts = PROJECT_HOOKS_DIR.split("/")
  .map((part) => JSON.stringify(part))
  .join(", ");

/**
 * `findProjectCopy(fs, path, from, guardrail)` as JavaScript source, for the generated files that embed it (the hook
 * files of a project form, a CLI's dispatcher): the project's copy of the guardrail for a hook file in the folder
 * `from`. It is at the repository's top level, the nearest folder up with a `.git`; with no `.git` above, the nearest
 * folder up that holds one. Undefined when it is not there. A copy between the hook file and the top level is never
 * taken in a repository.
 */
export const FIND_PROJECT_COPY_SOURCE = `function findProjectCopy(fs, path, from, guardrail) {
  const copyIn = (dir) => path.join(dir, ${hooksDirParts}, guardrail, guardrail + ".cjs");
  let nearest;
  for (let dir = from, up = 0; up < 16; up++) {
    if (fs.existsSync(path.join(dir, ".git"))) return fs.existsSync(copyIn(dir)) ? copyIn(dir) : undefined;
    if (!nearest && fs.existsSync(copyIn(dir))) nearest = copyIn(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return nearest;
}`;

/**
 * A caller that runs several guardrails in its own process (a CLI's dispatcher) sets this global (a
 * `Symbol.for(LIBRARY_KEY)`, true) before it requires a CLI's bundle: the bundle then answers through its exported
 * `answer(input, args)`, printing nothing, instead of running as the hook process.
 */
export const LIBRARY_KEY = "hookrail.library";

/** On a bundle's second line when it can be required that way (older bundles cannot: they run as they load). */
export const LIBRARY_MARK = "answers in its caller's process when required as a library";

/** Whether this bundle was required by such a caller. */
export const requiredAsLibrary = (): boolean =>
  (globalThis as Record<symbol, unknown>)[Symbol.for(LIBRARY_KEY)] === true;
