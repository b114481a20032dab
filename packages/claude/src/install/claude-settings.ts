// Claude Code reads its settings files as strict JSON. Measured in Claude Code 2.1.332: while
// ~/.claude/settings.json holds a comment or a trailing comma, it lists every plugin as disabled and runs
// none of their hooks, hookrail's guardrails included (a merge ran). So a file that does not parse as strict
// JSON is named with every place that breaks it, in install, list and doctor alike.
import { join } from "node:path";
import { describeErrors, type Problem, strictJsonErrors } from "@hookrail/install-kit";

/** Claude Code's own folder: $CLAUDE_CONFIG_DIR, else ~/.claude. */
export const claudeDir = (env: NodeJS.ProcessEnv, home: string) => env.CLAUDE_CONFIG_DIR || join(home, ".claude");

/** The problem of the user's settings file when Claude Code cannot parse it: every plugin, ours too, is off. */
export function pluginsOffProblem(file: string, text: string | null): Problem | undefined {
  if (text === null || text.trim() === "") return undefined;
  const errors = strictJsonErrors(text);
  if (!errors.length) return undefined;
  return {
    id: "claude.settings.not-json",
    problem: `Claude Code switches every plugin off while ${file} does not parse as strict JSON, so this guardrail is off: ${describeErrors(errors)}`,
    fix: `remove every comment and trailing comma from ${file} (Claude Code reads strict JSON only), then run hookrail doctor`,
  };
}
