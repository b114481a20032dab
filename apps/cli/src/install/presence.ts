// Which CLIs this machine has, for `--cli all`: a CLI is present when its command is on PATH or one of
// its own folders exists (~/.claude, ~/.gemini, $CODEX_HOME or ~/.codex, $COPILOT_HOME or ~/.copilot, $QWEN_HOME
// or ~/.qwen, ~/.factory, ~/.cursor, ~/.gemini/config or ~/.gemini/antigravity-cli: each installer's `homes`).
// Whether its install can run without the command is the plan's to say (a CLI's own installer needs it).
import { existsSync } from "node:fs";
import { type CliInstaller, type InstallContext, onPath } from "@hookrail/install-kit";

export interface Presence {
  present: boolean;
  /** What was found, or looked for: "claude on PATH", "~/.codex exists", "no codex on PATH, no ~/.codex". */
  why: string;
}

const tilde = (path: string, home: string) => (path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path);

export function presence(installer: CliInstaller, ctx: InstallContext): Presence {
  // An installer that says nothing of how to find its CLI is always tried.
  if (!installer.bin && !installer.homes) return { present: true, why: "always tried" };
  const bin = installer.bin && onPath(installer.bin, ctx.env);
  if (bin) return { present: true, why: `${installer.bin} on PATH` };
  const homes = installer.homes?.(ctx) ?? [];
  const home = homes.find((h) => existsSync(h));
  if (home) return { present: true, why: `${tilde(home, ctx.home)} exists` };
  const looked = [
    ...(installer.bin ? [`no ${installer.bin} on PATH`] : []),
    ...homes.map((h) => `no ${tilde(h, ctx.home)}`),
  ];
  return { present: false, why: looked.join(", ") };
}
