// Whether Copilot CLI trusts a folder, read as Copilot 1.0.102's own check reads it (measured against its
// runtime's folderTrustIsTrusted): `trustedFolders` (or the older `trusted_folders`) in
// $COPILOT_HOME/config.json (default ~/.copilot/config.json, JSON with comments, written by Copilot when
// the user trusts a folder for future sessions); an entry trusts its folder and every folder below it,
// both sides with symbolic links resolved; `~` is not expanded; settings.json's list does not count.
// COPILOT_ALLOW_ALL=true trusts every folder. A project's .github/hooks run only in a trusted folder.
import { realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { type InstallContext, type Problem, parseJsonc, readText } from "@hookrail/install-kit";

const real = (path: string) => {
  try {
    return realpathSync.native(resolve(path));
  } catch {
    return resolve(path);
  }
};

const within = (folder: string, root: string) =>
  folder === root || folder.startsWith(root.endsWith("/") ? root : `${root}/`);

export function copilotTrusts(folder: string, copilotHome: string, env: NodeJS.ProcessEnv): boolean {
  if (env.COPILOT_ALLOW_ALL === "true") return true;
  const file = join(copilotHome, "config.json");
  const config = parseJsonc(readText(file), file);
  const entries = [config.trustedFolders, config.trusted_folders].flatMap((list) =>
    Array.isArray(list) ? list.filter((e): e is string => typeof e === "string" && e.startsWith("/")) : [],
  );
  const target = real(folder);
  return entries.some((entry) => within(target, real(entry)));
}

/** The project row's problem until Copilot trusts the folder: its hooks there are skipped without a word. */
export function copilotTrustProblems(ctx: InstallContext, copilotHome: string): Problem[] {
  if (copilotTrusts(ctx.project, copilotHome, ctx.env)) return [];
  return [
    {
      id: "copilot.folder.untrusted",
      problem: `until Copilot trusts this folder: Copilot CLI skips ${join(ctx.project, ".github", "hooks")} without a word in a folder it has not trusted`,
      fix: "start copilot in the folder and trust it for future sessions (copilot -p needs --trust-folder, or COPILOT_ALLOW_ALL=true)",
    },
  ];
}
