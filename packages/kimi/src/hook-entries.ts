// What Kimi Code accepts in config.toml's `[[hooks]]` (measured on 2.1.0): the section is validated whole, and one
// entry with an unknown event, an unknown key or a timeout outside 1-600 switches every hook off, with only a
// warning on stderr. The installer checks what it writes, and doctor a user's own entries, against this.
import * as z from "zod/mini";

/** The events config.toml accepts (the runtime's 20; the SDK's schema lists only the first 16). */
export const KIMI_HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PermissionRequest",
  "PermissionResult",
  "UserPromptSubmit",
  "Stop",
  "StopFailure",
  "Interrupt",
  "SessionStart",
  "SessionEnd",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "Notification",
  "UserPromptQueued",
  "TurnStarted",
  "SessionHeartbeat",
  "TaskStarted",
] as const;

export type KimiHookEvent = (typeof KIMI_HOOK_EVENTS)[number];

/** One `[[hooks]]` entry. */
export interface KimiHookEntry {
  event: KimiHookEvent;
  matcher?: string;
  command: string;
  timeout?: number;
}

let schema: z.ZodMiniType | undefined;
const entrySchema = () => {
  schema ??= z.strictObject({
    event: z.enum(KIMI_HOOK_EVENTS),
    matcher: z.optional(z.string()),
    command: z.string(),
    timeout: z.optional(z.int().check(z.minimum(1), z.maximum(600))),
  });
  return schema;
};

/** Why Kimi would reject `hooks` (one line per bad entry, numbered from 1 as the file lists them); empty when valid. */
export function kimiHooksIssues(hooks: unknown): string[] {
  if (hooks === undefined) return [];
  if (!Array.isArray(hooks)) return ["`hooks` is not a list of [[hooks]] tables"];
  return hooks.flatMap((entry, i) => {
    const parsed = entrySchema().safeParse(entry);
    if (parsed.success) return [];
    const issue = parsed.error.issues[0];
    return [`[[hooks]] #${i + 1}: ${describe(issue)}`];
  });
}

// zod/mini carries no messages: each issue in Kimi's terms.
const WHY: Record<string, string> = {
  event: "not one of Kimi Code's hook events",
  matcher: "matcher must be a string (a regular expression)",
  command: "command must be a string",
  timeout: "timeout must be a whole number of seconds from 1 to 600",
};

function describe(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "invalid";
  if (issue.code === "unrecognized_keys") return `unknown key ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  return WHY[String(issue.path[0])] ?? "not a table of event, matcher, command and timeout";
}
