// Pi's project trust (since 0.79): a project's .pi/extensions load only once the project is trusted, and print,
// JSON and RPC runs cannot ask, so they skip an untrusted project's extensions without a word (exit 0). Pi decides,
// first match wins: --approve / --no-approve on its command line; a user-scope extension answering project_trust;
// the nearest saved decision for the folder or a parent in <agent dir>/trust.json (canonical paths, true / false);
// `defaultProjectTrust` in <agent dir>/settings.json ("ask" by default, "always", "never"). Trust is all or nothing
// for a project (its settings, MCP servers, skills, every extension), so hookrail writes none of it: the install
// says what the user must do, and doctor and the session-start check say when Pi will skip the extension.
import { readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  type InstallContext,
  type InstallProbe,
  onPath,
  type Problem,
  parseJsonc,
  readText,
} from "@hookrail/install-kit";

export type PiTrust =
  | { state: "trusted"; by: string }
  | { state: "distrusted"; by: string; file: string; entry?: string }
  | { state: "undecided"; file: string };

const canonical = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

function readJson(file: string): unknown {
  const text = readText(file);
  if (text === null) return undefined;
  try {
    return parseJsonc(text.replace(/^\uFEFF/, ""), file);
  } catch {
    return undefined;
  }
}

/** How Pi decides on `project` with no flag and no extension answering: the saved decision, else the default. */
export function piProjectTrust(agentDir: string, project: string): PiTrust {
  const file = join(agentDir, "trust.json");
  const saved = readJson(file);
  if (saved && typeof saved === "object" && !Array.isArray(saved)) {
    const decisions = saved as Record<string, unknown>;
    for (let dir = canonical(project); ; dir = dirname(dir)) {
      const decision = decisions[dir];
      if (decision === true) return { state: "trusted", by: file };
      if (decision === false) return { state: "distrusted", by: file, file, entry: dir };
      if (dirname(dir) === dir) break;
    }
  }
  const settings = join(agentDir, "settings.json");
  const fallback = (readJson(settings) as { defaultProjectTrust?: unknown } | undefined)?.defaultProjectTrust;
  if (fallback === "always") return { state: "trusted", by: settings };
  if (fallback === "never") return { state: "distrusted", by: settings, file };
  return { state: "undecided", file };
}

/** The version of the `pi` on PATH, read from its package (no process is started); undefined when unknown. */
export function piVersionOnPath(env: NodeJS.ProcessEnv): string | undefined {
  const bin = onPath("pi", env);
  if (!bin) return undefined;
  for (let dir = dirname(canonical(bin)); dirname(dir) !== dir; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
      if (typeof pkg.name === "string" && pkg.name.endsWith("/pi-coding-agent") && typeof pkg.version === "string")
        return pkg.version;
    } catch {}
  }
  return undefined;
}

/** Whether this Pi gates project extensions on trust (0.79 and later; a Pi of unknown version is taken to). */
export function piHasTrust(version: string | undefined): boolean {
  const [major, minor] = (version ?? "").split(".").map((n) => Number.parseInt(n, 10));
  if (major === undefined || minor === undefined || Number.isNaN(major) || Number.isNaN(minor)) return true;
  return major > 0 || minor >= 79;
}

/** What the user runs to trust the project (interactive Pi asks at start and saves the answer in trust.json). */
export const piTrustCommand = (project: string) => `cd ${JSON.stringify(project)} && pi`;

/** Why Pi would skip a project-scope install, with the fix; none at user scope, in a trusted project, or on a Pi without trust. */
export function piTrustProblems(guardrail: string, ctx: InstallContext, agentDir: string): Problem[] {
  if (ctx.scope !== "project" || !piHasTrust(piVersionOnPath(ctx.env))) return [];
  const trust = piProjectTrust(agentDir, ctx.project);
  if (trust.state === "trusted") return [];
  const skipped = `Pi skips ${ctx.project}/.pi/extensions (hookrail-${guardrail} with them)`;
  const user = `npx hookrail install ${guardrail} --cli pi --scope user`;
  if (trust.state === "distrusted")
    return [
      {
        id: "pi.project.distrusted",
        problem: trust.entry
          ? `${skipped}: ${trust.file} says not to trust ${trust.entry}`
          : `${skipped}: ${trust.by} sets defaultProjectTrust to "never" and ${trust.file} has no decision for it`,
        fix: `trust the project if you mean to (start pi there and run /trust), or install it for your user instead: ${user}`,
      },
    ];
  return [
    {
      id: "pi.project.untrusted",
      problem: `${skipped} in print, JSON and RPC runs, without a word: the project is not trusted (${trust.file} has no decision for it)`,
      fix: `run ${piTrustCommand(ctx.project)} and choose "Trust" (or give each pi -p run --approve)`,
    },
  ];
}

/** The session-start check's probe: the user's own "do not trust" saved for this very project. */
export function piTrustProbes(guardrail: string, ctx: InstallContext, agentDir: string): InstallProbe[] {
  if (ctx.scope !== "project") return [];
  return [
    {
      file: join(agentDir, "trust.json"),
      at: [canonical(ctx.project)],
      not: false,
      why: `Pi skips this project's .pi/extensions (hookrail-${guardrail} with them): it is saved as not trusted`,
    },
  ];
}
