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
