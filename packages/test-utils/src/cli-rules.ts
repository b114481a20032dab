// How each real CLI treats a hook's answer (measured on Claude Code 2.1.332, Gemini CLI 0.61.0, Codex
// 0.169.0, Copilot CLI 1.0.102, Qwen Code 0.24.4, Cline 3.0.65, Factory Droid 0.225.2, Kimi Code 2.1.0, Auggie 0.36.0; Cursor's and Antigravity CLI's from
// their documentation and published captures, not measured here; for OpenCode, Kilo, Pi, Amp and OpenClaw, how hookrail's
// plugin reads it; see docs/cli-differences.md): does the tool run?
// Tests use it to check that a gate blocks in the way that CLI honours. One rule per supported CLI.
import { BRIDGE_CLIS } from "./bridge-plugins.ts";

export interface Answer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

interface Read {
  answer: Answer;
  json: Record<string, unknown> | null;
  specific: Record<string, unknown>;
  stderr: string;
}

const RULES: Record<string, (a: Read) => boolean> = {
  claude: ({ answer, specific }) =>
    answer.exitCode !== 2 &&
    !(answer.exitCode === 0 && (specific.permissionDecision === "deny" || specific.permissionDecision === "ask")),
  gemini: ({ answer, json, stderr }) =>
    answer.exitCode === 2 ? stderr === "" : !(json?.decision === "deny" || json?.decision === "block"),
  codex: ({ answer, json, specific, stderr }) => {
    if (answer.exitCode === 2) return stderr === "";
    if (answer.exitCode !== 0) return true;
    const reason = String(specific.permissionDecisionReason ?? json?.reason ?? "").trim();
    const denies = specific.permissionDecision === "deny" || json?.decision === "block";
    return !(denies && reason !== "");
  },
  // Exit 1 and 2 both block (1 as a hook error); a deny JSON at exit 0 blocks in either of its forms.
  copilot: ({ answer, json, specific }) =>
    !(
      answer.exitCode === 1 ||
      answer.exitCode === 2 ||
      (answer.exitCode === 0 && (json?.permissionDecision === "deny" || specific.permissionDecision === "deny"))
    ),
  // Exit 2 blocks only with text on stderr; at exit 0 a deny or ask (headless: nobody to ask) in either form.
  qwen: ({ answer, json, specific, stderr }) => {
    if (answer.exitCode === 2) return stderr === "";
    if (answer.exitCode !== 0) return true;
    const decision = specific.permissionDecision;
    return !(decision === "deny" || decision === "ask" || json?.decision === "deny" || json?.decision === "block");
  },
  // Exit codes are never read; the call does not run on `cancel` (which ends the run) or when `overrideInput`
  // replaces it (for an MCP tool the replacement still goes to its server: hookrail cancels those). Anything else, a
  // deny in Claude's form included, lets it run.
  cline: ({ json }) => !(json?.cancel === true || (json !== null && json.overrideInput !== undefined)),
  // Exit 2 blocks even silent; at exit 0 only hookSpecificOutput's deny (a top-level decision and ask are ignored).
  kimi: ({ answer, specific }) =>
    !(answer.exitCode === 2 || (answer.exitCode === 0 && specific.permissionDecision === "deny")),
  // The same rule as Kimi Code's.
  droid: ({ answer, specific }) =>
    !(answer.exitCode === 2 || (answer.exitCode === 0 && specific.permissionDecision === "deny")),
  // Exit 2 blocks even silent; at exit 0 hookSpecificOutput's deny (named PreToolUse: an answer without a known
  // hookEventName is ignored whole) or `continue: false`. A top-level decision, ask and any other exit let it run.
  auggie: ({ answer, json, specific }) =>
    !(
      answer.exitCode === 2 ||
      (answer.exitCode === 0 &&
        ((specific.hookEventName === "PreToolUse" && specific.permissionDecision === "deny") ||
          json?.continue === false))
    ),
  // Exit 2 blocks; at exit 0 a flat `permission: "deny"` (or a prompt's `continue: false`) does. `ask` is not
  // enforced on preToolUse, so it counts as running. Other exits run (unless the hook entry is failClosed).
  cursor: ({ answer, json }) =>
    !(answer.exitCode === 2 || (answer.exitCode === 0 && (json?.permission === "deny" || json?.continue === false))),
  // Exit codes are only logged; a PreToolUse runs on an explicit allow alone (deny blocks, ask and force_ask
  // wait for the user, a missing or malformed decision is a failure agy does not run the tool on).
  antigravity: ({ answer, json }) => answer.exitCode === 0 && json?.decision === "allow",
  // The bridge CLIs run what hookrail's plugin lets through: exit 0 without a block (any other answer is a failure,
  // which a gate's plugin blocks).
  ...Object.fromEntries(
    BRIDGE_CLIS.map((cli) => [cli, ({ answer, json }: Read) => answer.exitCode === 0 && json?.action !== "block"]),
  ),
};

export function cliRunsTool(cli: string, answer: Answer): boolean {
  const rule = RULES[cli];
  if (!rule) throw new Error(`no measured answer rules for CLI "${cli}"`);
  let json: Record<string, unknown> | null = null;
  if (answer.stdout.trim()) {
    try {
      json = JSON.parse(answer.stdout) as Record<string, unknown>;
    } catch {
      // Every measured CLI runs the tool on invalid JSON; Antigravity CLI treats it as a failed hook.
      return cli !== "antigravity";
    }
  }
  const specific = (json?.hookSpecificOutput ?? {}) as Record<string, unknown>;
  return rule({ answer, json, specific, stderr: answer.stderr.trim() });
}
