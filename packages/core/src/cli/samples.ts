// Sample hook payloads: what `hookrail try` and `hookrail demo` hand a guardrail, in each CLI's own shape. Each CLI's
// package says how it spells them (`packages/<cli>/src/samples.ts`, shaped like its captured fixtures); the bridge CLIs
// share what their hookrail plugin sends. Not used by any hook.
import type { HookAnswer } from "../adapter/adapter.ts";
import type { BridgePayload } from "../bridge/bridge.ts";
import { type AnswerOutcome, readAnswer } from "./answer-outcome.ts";

export { type AnswerOutcome, type AnswerReading, readAnswer } from "./answer-outcome.ts";

export interface SampleContext {
  cwd: string;
  sessionId: string;
}

/** A CLI's payloads for the moments the samples cover. */
export interface CliSamples {
  /** A shell command before it runs. */
  shellCall(command: string, context: SampleContext): Record<string, unknown>;
  /** An edit of `file` before it is made, or (`after`) once it is. */
  fileEdit(file: string, context: SampleContext, after?: boolean): Record<string, unknown>;
  /** The session's start (`source`: startup, resume, clear…). */
  sessionStart(context: SampleContext, source?: string): Record<string, unknown>;
  /** What the CLI does with a hook's answer, in words (most read it with core's `readAnswer`). */
  describeAnswer(answer: HookAnswer): AnswerOutcome;
  /** A plan approved in the CLI's plan mode, as the real CLI sends it; none when plan-export cannot follow it. */
  planApproval?(context: PlanContext): PlanApprovalSample;
}

/** Where a sample plan is approved: the project, and the home the CLI keeps its own files in. */
export interface PlanContext {
  cwd: string;
  home: string;
}

/** A file the CLI writes (its folders are made), or an event it sends to its hooks (with the hook's arguments). */
export type PlanStep = { write: string; content: string } | { payload: Record<string, unknown>; args?: string[] };

/** The events of one plan approval, in order; the last one's answer is what the user is told. */
export interface PlanApprovalSample {
  /** What the user chose, in the CLI's words ('"Yes, implement this plan"'). */
  choice: string;
  /** Variables the CLI sets for its hooks during plan mode. */
  env?: Record<string, string>;
  steps: PlanStep[];
}

/** What a bridge CLI's plugin sends: its own hook name and arguments (OpenCode's API: {input, output}; Pi: {event}). */
export function bridgePayload(hook: string, { cwd, sessionId }: SampleContext, data: unknown): Record<string, unknown> {
  const payload: BridgePayload = { hookrail_bridge: 1, hook_event_name: hook, session_id: sessionId, cwd, data };
  return { ...payload };
}

/** The samples of a CLI on OpenCode's plugin API (OpenCode, Kilo Code CLI): its tool names are OpenCode's. */
export const openCodeApiSamples: CliSamples = {
  shellCall: (command, context) => openCodeTool(context, "bash", { command, description: command }, false),
  fileEdit: (file, context, after = false) =>
    openCodeTool(
      context,
      "edit",
      { filePath: file.startsWith("/") ? file : `${context.cwd}/${file}`, oldString: "old", newString: "new" },
      after,
    ),
  sessionStart: (context) =>
    bridgePayload("event.session.created", context, {
      event: { type: "session.created", properties: { sessionID: context.sessionId } },
    }),
  describeAnswer: (answer) => readAnswer(answer),
};

function openCodeTool(context: SampleContext, tool: string, args: Record<string, unknown>, after: boolean) {
  const input = { tool, sessionID: context.sessionId, callID: "call_1" };
  return after
    ? bridgePayload("tool.execute.after", context, { input: { ...input, args }, output: { output: "ok" } })
    : bridgePayload("tool.execute.before", context, { input, output: { args } });
}

/**
 * A plan approved on OpenCode's plugin API (OpenCode, Kilo Code CLI): the plan agent writes the plan file into the
 * project's `<folder>/plans/`, then plan_exit asks to switch to the build agent; "Yes" answers in its result.
 */
export function openCodePlanApproval(
  { cwd }: PlanContext,
  { session, folder, plan }: { session: string; folder: string; plan: string },
): PlanApprovalSample {
  const context = { cwd, sessionId: session };
  const file = `${cwd}/${folder}/plans/1764661800000-quiet-harbor.md`;
  const write = { tool: "write", sessionID: session, callID: "call_1" };
  const exit = { tool: "plan_exit", sessionID: session, callID: "call_2" };
  const result = {
    title: "Switching to build agent",
    output: "User approved switching to build agent. Wait for further instructions.",
    metadata: {},
  };
  return {
    choice: 'plan_exit "Yes"',
    steps: [
      {
        payload: bridgePayload("tool.execute.before", context, {
          input: write,
          output: { args: { filePath: file, content: plan } },
        }),
      },
      { write: file, content: plan },
      { payload: bridgePayload("tool.execute.before", context, { input: exit, output: { args: {} } }) },
      {
        payload: bridgePayload("tool.execute.after", context, { input: { ...exit, args: {} }, output: result }),
      },
    ],
  };
}
