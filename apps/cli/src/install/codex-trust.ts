// Codex runs a hook only when the user's config.toml trusts its exact definition:
//   [hooks.state."<hooks.json path>:<event_snake>:<group>:<handler>"] trusted_hash = "sha256:<hex>"
// The hash is sha256 over the compact, key-sorted JSON of {event_name, matcher?, hooks: [handler]}
// with the handler's timeout defaulted to 600 and `async` false (as Codex 0.169.0 computes it), and its
// command the one Codex runs on the platform: on Windows `commandWindows` when the handler has one (openai/codex
// codex-rs/hooks/src/engine/discovery.rs hashes the chosen command and leaves `commandWindows` out).
import { createHash } from "node:crypto";

export interface CodexHandler {
  type: string;
  command: string;
  /** What Codex runs instead on Windows (alias `command_windows`). */
  commandWindows?: string;
  command_windows?: string;
  timeout?: number;
}
export interface CodexGroup {
  matcher?: string;
  hooks: CodexHandler[];
}

/** Codex clamps these events' timeouts when it loads hooks.json (0.169.0: SessionEnd to 3 s) and hashes the clamped value. */
const MAX_TIMEOUT_SECONDS: Record<string, number> = { SessionEnd: 3 };

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The command Codex runs for the handler on `platform`. */
export function codexCommand(handler: CodexHandler, platform: NodeJS.Platform = process.platform): string {
  return platform === "win32"
    ? (handler.commandWindows ?? handler.command_windows ?? handler.command)
    : handler.command;
}

export function codexTrustHash(
  event: string,
  group: CodexGroup,
  handler: CodexHandler,
  platform: NodeJS.Platform = process.platform,
): string {
  const command = codexCommand(handler, platform);
  const identity = {
    event_name: snake(event),
    hooks: [{ type: handler.type, command, timeout: codexTimeout(event, handler.timeout), async: false }],
    ...(group.matcher !== undefined ? { matcher: group.matcher } : {}),
  };
  return `sha256:${createHash("sha256")
    .update(JSON.stringify(canonical(identity)))
    .digest("hex")}`;
}

/** The timeout Codex really uses: defaulted to 600 s, at least 1 s, clamped for some events. */
export function codexTimeout(event: string, timeout: number | undefined): number {
  return Math.min(Math.max(1, timeout ?? 600), MAX_TIMEOUT_SECONDS[event] ?? Number.POSITIVE_INFINITY);
}

/** The trust entries of the selected groups of a hooks.json at `file` (absolute path). */
export function codexTrustEntries(
  file: string,
  hooks: Record<string, CodexGroup[]>,
  include: (group: CodexGroup) => boolean,
): { key: string; hash: string }[] {
  const entries: { key: string; hash: string }[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    groups.forEach((group, g) => {
      if (!include(group)) return;
      group.hooks.forEach((handler, h) => {
        entries.push({ key: `${file}:${snake(event)}:${g}:${h}`, hash: codexTrustHash(event, group, handler) });
      });
    });
  }
  return entries;
}
