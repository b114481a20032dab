// How each real CLI treats a hook's answer (measured on Claude Code 2.1.332, Gemini CLI 0.61.0, Codex
// 0.169.0): does the tool run? Tests use it to check that a gate blocks in the way that CLI honours.
export interface Answer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export function cliRunsTool(cli: "claude" | "gemini" | "codex", answer: Answer): boolean {
  let json: Record<string, unknown> | null = null;
  if (answer.stdout.trim()) {
    try {
      json = JSON.parse(answer.stdout) as Record<string, unknown>;
    } catch {
      return true; // every CLI runs the tool on invalid JSON
    }
  }
  const specific = (json?.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const stderr = answer.stderr.trim();
  switch (cli) {
    case "claude":
      if (answer.exitCode === 2) return false;
      return !(
        answer.exitCode === 0 &&
        (specific.permissionDecision === "deny" || specific.permissionDecision === "ask")
      );
    case "gemini":
      if (answer.exitCode === 2) return stderr === "";
      return !(json?.decision === "deny" || json?.decision === "block");
    case "codex": {
      if (answer.exitCode === 2) return stderr === "";
      if (answer.exitCode !== 0) return true;
      const reason = String(specific.permissionDecisionReason ?? json?.reason ?? "").trim();
      const denies = specific.permissionDecision === "deny" || json?.decision === "block";
      return !(denies && reason !== "");
    }
  }
}
