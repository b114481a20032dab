// Runs one guardrail for one hook call: read, parse, decide, render. The single error boundary.

import type { Adapter, HookAnswer } from "../adapter/adapter.ts";
import { type Config, loadConfig } from "../config/config.ts";
import { createDebugLog } from "../model/debug-log.ts";
import type { Decision } from "../model/decision.ts";
import { describeError, HookrailError } from "../model/errors.ts";
import type { HookEvent } from "../model/event.ts";
import type { Guardrail } from "../model/guardrail.ts";
import type { TraceSink } from "../model/trace.ts";
import { type AuditRun, auditDecision, auditFailure, isPlainAllow } from "./_audit-record.ts";
import { untoldProblems } from "./_config-notices.ts";
import { tookPath } from "./cache-paths.ts";
import type { HookStdin } from "./hook-stdio.ts";
import { sessionStartNotice } from "./install-check.ts";
import { MAX_STDIN_BYTES, parseJson } from "./stdin.ts";

// Where an entry happened, for writers of the audit log outside this runtime (the git pre-push hook).
export { auditPlace } from "./_audit-record.ts";

/** Safely below every CLI's hook timeout we ship (10 s), so a slow hook still answers itself. */
export const DEFAULT_DEADLINE_MS = 5000;

export interface RunHookOptions {
  guardrail: Guardrail;
  adapter: Adapter;
  /** The event's text, or the hook's stdin to read it from (hook-stdio's reader also hands over the event it parsed). */
  stdin: HookStdin | string;
  /** The hook command's arguments, for adapters that read the event name there. */
  args?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** Where config is looked up when the event has no cwd. */
  cwd?: string;
  deadlineMs?: number;
  maxStdinBytes?: number;
  now?: () => number;
  /** `hookrail explain`: handed to the guardrail, which records its analysis there. */
  trace?: TraceSink;
}

export async function runHook(options: RunHookOptions): Promise<HookAnswer> {
  const { guardrail, adapter } = options;
  const env = options.env ?? process.env;
  const log = createDebugLog(env, `${guardrail.name}/${adapter.cli}`);
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new HookrailError("deadline", `${guardrail.name} did not finish within ${deadlineMs} ms`)),
      deadlineMs,
    );
    timer.unref?.();
  });
  let event: HookEvent | undefined;
  let settled = false;
  const audit: AuditRun = { guardrail, adapter, env, now: (options.now ?? Date.now)(), cwd: options.cwd };
  try {
    return await Promise.race([
      (async () => {
        const { stdin } = options;
        const read =
          typeof stdin === "string" ? { text: stdin } : await stdin.read(options.maxStdinBytes ?? MAX_STDIN_BYTES);
        event = adapter.parse(read.parsed ? read.parsed.value : parseJson(read.text), options.args ?? []);
        tookPath(event.kind);
        log("event", { kind: event.kind, nativeEvent: event.nativeEvent, sessionId: event.sessionId });
        const config = loadConfig(event.cwd || options.cwd || process.cwd(), env);
        audit.config = config;
        const decision = await guardrail.decide(event, {
          env,
          config,
          log,
          notesReachModel: adapter.notesReachModel(event.kind),
          now: audit.now,
          ...(options.trace ? { trace: options.trace } : {}),
        });
        log("decision", { decision });
        const notice = event.kind === "session-start" ? installNotice(env, event, adapter.title) : undefined;
        const answered = withUserLine(withConfigProblems(decision, config, event, env, audit.now), notice);
        // Anything but a plain allow goes to the audit log; the plain allow writes nothing.
        if (!isPlainAllow(answered) && !settled) {
          tookPath("answered");
          await auditDecision(audit, event, answered);
        }
        return adapter.render(answered, event);
      })(),
      deadline,
    ]);
  } catch (error) {
    log("failure", { error: describeError(error), code: HookrailError.isInstance(error) ? error.code : "internal" });
    await auditFailure(audit, event, error);
    return failureAnswer(options, error, event);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}

/** The answer when even runHook's own boundary failed (rendering threw): a gate blocks, an advisory hook is silent. */
export function lastResortAnswer(guardrail: Guardrail, error: unknown): HookAnswer {
  return guardrail.failure === "closed"
    ? { exitCode: 2, stdout: "", stderr: `${guardrail.name}: blocked (internal error: ${String(error)})\n` }
    : { exitCode: 0, stdout: "", stderr: "" };
}

function failureAnswer(options: RunHookOptions, error: unknown, event: HookEvent | undefined): HookAnswer {
  const { guardrail, adapter } = options;
  if (guardrail.failure === "open") return { exitCode: 0, stdout: "", stderr: "" };
  const reason = `${guardrail.name}: blocked because the hook could not check this action (${describeError(error)}). Nothing ran; fix the hook or its input, then retry`;
  try {
    return event?.kind === "before-tool" ? adapter.render({ type: "deny", reason }, event) : adapter.block(reason);
  } catch {
    return adapter.block(reason);
  }
}

/** A broken config file, or a setting refused, is never silent: the user sees it with the next answer, once a session. */
function withConfigProblems(
  decision: Decision,
  config: Config,
  event: HookEvent,
  env: NodeJS.ProcessEnv,
  now: number,
): Decision {
  if (config.problems.length === 0 || decision.type === "deny" || decision.type === "ask") return decision;
  const problems = untoldProblems(config.problems, event.sessionId, env, now);
  return withUserLine(decision, problems.length ? problems.join("\n") : undefined);
}

/** A guardrail recorded for this CLI that will not run here: one line at session start (never a failure). */
function installNotice(env: NodeJS.ProcessEnv, event: HookEvent, title: string): string | undefined {
  try {
    return sessionStartNotice(env, event.cli, title, event.cwd, event.sessionId, Date.now());
  } catch {
    return undefined;
  }
}

/** The decision, with `text` added to what the user sees. */
function withUserLine(decision: Decision, text: string | undefined): Decision {
  if (!text) return decision;
  switch (decision.type) {
    case "allow":
      return { type: "message", userMessage: text };
    case "note":
      return { ...decision, userMessage: [decision.userMessage, text].filter(Boolean).join("\n") };
    case "message":
      return { type: "message", userMessage: `${decision.userMessage}\n${text}` };
    default:
      return decision;
  }
}
