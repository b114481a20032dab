// Codex's administrator layer: /etc/codex/requirements.toml (no drop-ins: merged). Its hooks run with no trust
// step; `[hooks] managed_dir` names the root-owned copies and `[features] hooks = true` is pinned (else one line
// in the user's config.toml turns every hook off). Each handler also carries the commandWindows that runs the
// same managed copy.
import { join } from "node:path";
import { type HookLoaderAnswer, nodeHookCommandForCmd } from "@hookrail/core";
import type { HookGroups, ManagedLayout } from "@hookrail/install-kit";
import { CODEX_DIRS } from "../packaging.ts";

/**
 * Codex's Windows command for a bundle at a fixed path, through the hook loader (a file that has gone answers as
 * `answer` says): `cmd.exe /C` gets it as one Rust-quoted argument (see CODEX_DIRS), so the path is a JavaScript
 * string whose characters other than letters, digits and `/._-` are escapes: no space, quote or cmd syntax
 * reaches cmd.
 */
export function codexWindowsCommand(bundle: string, answer?: HookLoaderAnswer): string {
  const literal = [...bundle]
    .map((c) => {
      if (/[A-Za-z0-9/._-]/.test(c)) return c;
      const code = c.codePointAt(0) ?? 0;
      return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
    })
    .join("");
  return nodeHookCommandForCmd(`'${literal}'`, answer);
}

/** Codex on Windows runs commandWindows instead of command (requirements.toml's hooks as much as hooks.json's). */
function withWindowsCommands(hooks: HookGroups, guardrail: string, folder: string): HookGroups {
  const bundle = `${folder}/${guardrail}.cjs`;
  for (const group of Object.values(hooks).flat())
    for (const h of group.hooks)
      if (h.commandWindows !== undefined)
        // A gate's tool hook keeps its loader's block (the shipped command sets exit code 2 when the file has gone).
        h.commandWindows = codexWindowsCommand(
          bundle,
          h.commandWindows.includes("process.exitCode=2") ? { guardrail, blocking: true } : undefined,
        );
  return hooks;
}

export const codexManaged: ManagedLayout = {
  cli: "codex",
  file: () => "/etc/codex/requirements.toml",
  format: "merged-toml",
  shipped: { file: "hooks.json", folderText: (g) => `${CODEX_DIRS.user.posix}/hookrail/${g}` },
  finish: withWindowsCommands,
  pins: (ctx) => [
    { path: ["hooks", "managed_dir"], value: join(ctx.system.prefix, "codex") },
    {
      path: ["features", "hooks"],
      value: true,
      unpinned: (file) => ({
        problem: `${file} does not pin [features] hooks = true: one line in a user's config.toml turns every hook off`,
        fix: `add [features] hooks = true to ${file}`,
      }),
    },
  ],
};
