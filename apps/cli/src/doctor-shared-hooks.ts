// Claude Code's settings files are read for hooks by other CLIs too: a hookrail hook command in their `hooks` key
// runs in every one of those CLIs present here, each handing it its own payloads, and twice in one that also has
// hookrail's own install of that guardrail. hookrail never writes there (Claude Code gets plugins); this finds a
// command someone put there by hand. Who reads which file: Claude Code all three; Continue (`cn`) all three (its
// CLI hooks guide, docs/cli/hooks.mdx); Grok Build the project's .claude/settings.json (docs.x.ai/build/features/hooks);
// Copilot CLI the project's, in a trusted folder (measured, docs/cli-differences.md#copilot-cli); Cursor all three
// with "Include third-party Plugins, Skills, and other configs" on (its documentation). Auggie none (measured).
// hookrail's CLIs say it in their places (`claudeSettingsHooks`); the others are listed here.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CLAUDE_SETTINGS_LAYERS, supportedClis } from "@hookrail/clis";
import { hooksOf, type InstallContext, onPath, readText } from "@hookrail/install-kit";
import type { Check } from "./doctor-check.ts";

type Layer = "user" | "project" | "local";

interface Reader {
  /** A CLI hookrail installs into (its installs count as a second run), or another one named here alone. */
  cli: string;
  title: string;
  bin: string;
  /** Its own folder in the home, where the environment may move it. */
  home: (home: string, env: NodeJS.ProcessEnv) => string;
  layers: readonly Layer[];
  when?: string;
}

/** The CLIs hookrail does not install into that read Claude Code's settings for hooks (from their documentation). */
const OTHER_READERS: readonly Reader[] = [
  {
    cli: "continue",
    title: "Continue",
    bin: "cn",
    home: (h) => join(h, ".continue"),
    layers: ["user", "project", "local"],
  },
  { cli: "grok", title: "Grok Build", bin: "grok", home: (h) => join(h, ".grok"), layers: ["project"] },
];

/** Every CLI that reads Claude Code's settings for hooks: hookrail's, by their places, and the others above. */
export const CLAUDE_SETTINGS_READERS: readonly Reader[] = [
  ...supportedClis().flatMap((cli): Reader[] => {
    const reads = cli.places.claudeSettingsHooks;
    const installer = cli.installer;
    if (!reads) return [];
    return [
      {
        cli: cli.name,
        title: cli.title,
        bin: installer.bin ?? cli.name,
        home: (home, env) => installer.homes?.({ env, home } as InstallContext)[0] ?? join(home, `.${cli.name}`),
        layers: reads.layers,
        ...(reads.when ? { when: reads.when } : {}),
      },
    ];
  }),
  ...OTHER_READERS,
];

export interface SharedHooksInput {
  env: NodeJS.ProcessEnv;
  home: string;
  project: string;
  guardrails: readonly string[];
  /** The guardrails hookrail installed, by CLI (a reader that has one runs the shared hook beside it). */
  installed: ReadonlyMap<string, ReadonlySet<string>>;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The guardrails whose hook a command runs: `hookrail run <g>`, or a `<g>.cjs` bundle. */
export function guardrailsRun(command: string, guardrails: readonly string[]): string[] {
  return guardrails.filter((g) =>
    new RegExp(`hookrail(?:@\\S*)?\\s+run\\s+${literal(g)}(?![\\w-])|[\\\\/]${literal(g)}\\.cjs(?![\\w.])`).test(
      command,
    ),
  );
}

export function sharedHookChecks(input: SharedHooksInput): Check[] {
  // `~/` in the home, the others in the project.
  const where = (path: string) =>
    path.startsWith("~/") ? join(input.home, ...path.slice(2).split("/")) : join(input.project, ...path.split("/"));
  const files: Record<Layer, string> = {
    user: where(CLAUDE_SETTINGS_LAYERS.user),
    project: where(CLAUDE_SETTINGS_LAYERS.project),
    local: where(CLAUDE_SETTINGS_LAYERS.local),
  };
  const present = CLAUDE_SETTINGS_READERS.filter(
    (r) => onPath(r.bin, input.env) || existsSync(r.home(input.home, input.env)),
  );
  const checks: Check[] = [];
  for (const layer of ["user", "project", "local"] as const) {
    const file = files[layer];
    let hooks: ReturnType<typeof hooksOf>;
    try {
      hooks = hooksOf(readText(file), file);
    } catch {
      continue; // An unreadable settings file is the Claude installer's to report.
    }
    const commands = Object.values(hooks)
      .flat()
      .flatMap((g) => (Array.isArray(g?.hooks) ? g.hooks : []))
      .map((h) => (typeof h?.command === "string" ? h.command : ""));
    const found = [...new Set(commands.flatMap((c) => guardrailsRun(c, input.guardrails)))];
    const readers = present.filter((r) => r.layers.includes(layer));
    if (readers.length < 2) continue;
    for (const g of found) {
      const names = readers.map((r) => (r.when ? `${r.title} (${r.when})` : r.title)).join(", ");
      const twice = readers.filter((r) => input.installed.get(r.cli)?.has(g)).map((r) => r.title);
      checks.push({
        id: "claude-settings.hook.shared",
        ok: false,
        what: `${file} runs ${g} as a hook, and ${names} all read that file's hooks: each runs it with its own payloads${twice.length ? `, and ${twice.join(", ")} also run${twice.length === 1 ? "s" : ""} hookrail's own install of ${g}, so twice there` : ""}`,
        fix: `remove ${g}'s hook from ${file} and install it per CLI (npx hookrail install ${g} --cli <cli>), each in the form that CLI honours`,
      });
    }
  }
  return checks;
}
