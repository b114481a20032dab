// One CLI session each, driven by the captured plan-mode payloads: what the CLI would send, plus the
// files it would write (plan files, transcripts, Codex's rollout and attachment) at the same moments.
import { appendFileSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fixture, type World, writeFile } from "./world.ts";

/** The plan in every captured payload. */
export const PLAN =
  '# Plan: add hello.txt\n\n## Context\nThe repo needs a greeting file.\n\n## Steps\n1. Create hello.txt containing "hello".\n\n## Verification\n- cat hello.txt\n';
export const REVISED = `${PLAN}\n## Also\n- Add a README line.\n`;

export function claudeSession(w: World, id: string, options: { cwd?: string; planPath?: string } = {}) {
  const cwd = options.cwd ?? w.repo.dir;
  const slug = "plan-a-hello-txt-wise-rainbow";
  const planPath = options.planPath ?? join(w.home, ".claude", "plans", `${slug}.md`);
  const transcript = join(w.home, ".claude", "projects", "-project", `${id}.jsonl`);
  const vars = {
    "<NEW_SESSION_ID>": id,
    "<SESSION_ID>": id,
    "<HOME>": w.home,
    "<PROJECT_DIR>": cwd,
    "<PROJECT_SLUG>": "-project",
    "<PLAN_SLUG>": slug,
    "<PROMPT_ID>": "prompt-1",
    "<TOOL_USE_ID>": "toolu_1",
  };
  const send = (name: string, patch: Record<string, unknown> = {}) =>
    w.hook("claude", fixture("claude", name, vars, patch));
  const s = {
    id,
    planPath,
    transcript,
    send,
    start: (source: "startup" | "clear" = "startup") =>
      send(source === "clear" ? "SessionStart.clear" : "SessionStart.startup"),
    async writePlan(text = PLAN) {
      const answer = await send("PreToolUse.Write.plan-file", { tool_input: { file_path: planPath, content: text } });
      writeFile(planPath, text);
      return answer;
    },
    /** ExitPlanMode reads the plan from its file, so the file holds the text when the hook runs. */
    exitPlan(text = PLAN) {
      writeFile(planPath, text);
      return send("PreToolUse.ExitPlanMode", { tool_input: { plan: text, planFilePath: planPath } });
    },
    approve: (text = PLAN, mode: "auto" | "default" | "bypassPermissions" = "default") =>
      send(`PostToolUse.ExitPlanMode.${mode}`, { tool_response: { plan: text, isAgent: false, filePath: planPath } }),
    feedback(said: string, text = PLAN) {
      const batch = fixture("claude", "PostToolBatch.ExitPlanMode.rejected-with-feedback", vars);
      const [call] = batch.tool_calls as Record<string, unknown>[];
      const response = String(call?.tool_response).replace(/the user said:\n[\s\S]*$/, `the user said:\n${said}`);
      return send("PostToolBatch.ExitPlanMode.rejected-with-feedback", {
        tool_calls: [{ ...call, tool_input: { plan: text, planFilePath: planPath }, tool_response: response }],
      });
    },
    stop: () => send("Stop.after-rejection"),
    prompt: (prompt = "Let's talk about something else") => send("UserPromptSubmit", { prompt, cwd }),
    end: (reason: "clear" | "prompt_input_exit" | "other" = "prompt_input_exit") =>
      send(reason === "clear" ? "SessionEnd.clear" : "SessionEnd", { reason, cwd }),
    /** The first record of a session started by "clear context": written late, from the first PostToolUse on. */
    writeContinuation(from: { transcript: string }, text = PLAN, userFeedback?: string) {
      const record = fixture("claude", "transcript.after-clear.first-user-record", vars);
      const message = record.message as Record<string, unknown>;
      const content = String(message.content)
        .replace(/# Plan: add hello\.txt[\s\S]*?cat hello\.txt\n/, text)
        .replace(/read the full transcript at: \S+$/, `read the full transcript at: ${from.transcript}`);
      const feedback = userFeedback ? `\n\nUser feedback on this plan: ${userFeedback}` : "";
      const line = { ...record, planContent: text, message: { ...message, content: `${content}${feedback}` } };
      writeFile(transcript, `${JSON.stringify({ type: "summary", summary: "x" })}\n${JSON.stringify(line)}\n`);
    },
    /** A manual /clear's session: the user's own prompt is its first user record. */
    writeUserRecord(prompt: string) {
      writeFile(transcript, `${JSON.stringify({ type: "user", message: { role: "user", content: prompt } })}\n`);
    },
  };
  return s;
}

export function geminiSession(w: World, id: string, options: { plansDir?: string; env?: Record<string, string> } = {}) {
  const cwd = w.repo.dir;
  const plansDir = options.plansDir ?? join(w.home, ".gemini", "tmp", "project", id, "plans");
  const env = {
    GEMINI_PLANS_DIR: plansDir,
    GEMINI_SESSION_ID: id,
    GEMINI_PROJECT_DIR: cwd,
    GEMINI_CLI_HOME: w.home,
    ...options.env,
  };
  const vars = {
    "<SESSION_ID_8>": id.slice(0, 8),
    "<SESSION_ID>": id,
    "<HOME_RELATIVE_TO_PROJECT>": relative(cwd, w.home),
    "<HOME>": w.home,
    "<PROJECT_DIR>": cwd,
    "<ISO_TIMESTAMP>": "2026-11-30T14:12:00.000Z",
  };
  const send = (name: string, patch: Record<string, unknown> = {}) =>
    w.hook("gemini", fixture("gemini", name, vars, patch), env);
  return {
    id,
    plansDir,
    send,
    start: () => send("SessionStart"),
    async writePlan(text: string = PLAN, name = "hello-plan.md") {
      const path = join(plansDir, name);
      const answer = await send("BeforeTool.write_file.plan-file", {
        tool_input: { file_path: relative(cwd, path), content: text },
      });
      writeFile(path, text);
      return answer;
    },
    exitPlan: (name = "hello-plan.md") => send("BeforeTool.exit_plan_mode", { tool_input: { plan_filename: name } }),
    answer(
      choice: "approved-default" | "approved-autoEdit" | "rejected-feedback" | "rejected-plan-edited",
      name = "hello-plan.md",
    ) {
      const payload = fixture("gemini", `AfterTool.exit_plan_mode.${choice}`, vars);
      const response = payload.tool_response as Record<string, string>;
      const llmContent = String(response.llmContent).replace(/stored at: .+$/m, `stored at: ${join(plansDir, name)}`);
      return send(`AfterTool.exit_plan_mode.${choice}`, {
        tool_input: { plan_filename: name },
        tool_response: { ...response, llmContent },
      });
    },
    prompt: (prompt = "Actually, wait") => send("BeforeAgent", { prompt }),
    end: () => send("SessionEnd"),
  };
}

export function codexSession(w: World, id: string) {
  const cwd = w.repo.dir;
  const vars = {
    "/home/user/project": cwd,
    "/home/user": w.home,
    "00000000-0000-7000-8000-000000000001": id,
    "00000000-0000-7000-8000-000000000003": id,
  };
  const rollout = join(w.home, ".codex", "sessions", "2026", "01", "01", `rollout-2026-01-01T00-00-00-${id}.jsonl`);
  const send = (name: string, patch: Record<string, unknown> = {}) =>
    w.hook("codex", fixture("codex", name, vars, { transcript_path: rollout, ...patch }));
  let turn = 0;
  const line = (type: string, payload: unknown) =>
    appendFileSync(rollout, `${JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", type, payload })}\n`);
  return {
    id,
    rollout,
    send,
    start: () => send("SessionStart", { source: "startup" }),
    startCleared: () => send("SessionStart.clear.after-plan"),
    /** A plan-mode turn: the user's prompt, the <proposed_plan> answer in the rollout, then Stop. */
    async propose(text = PLAN, options: { onlyMessage?: boolean } = {}) {
      const turnId = `turn-${++turn}`;
      writeFile(rollout, readOr(rollout));
      line("response_item", { type: "message", role: "user", content: [{ type: "input_text", text: "Plan it" }] });
      line("response_item", {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: `Here is the plan.\n\n<proposed_plan>\n${text}</proposed_plan>` }],
      });
      if (!options.onlyMessage) {
        line("event_msg", {
          type: "item_completed",
          thread_id: id,
          turn_id: turnId,
          item: { type: "Plan", id: `${turnId}-plan`, text },
        });
      }
      return send("Stop.plan-mode-proposed-plan", { turn_id: turnId });
    },
    implement: () => send("UserPromptSubmit.implement-plan"),
    prompt: (prompt = "Make it shorter") => send("UserPromptSubmit", { prompt }),
    /** "Yes, clear context and implement": the attachment, then the new thread's prompt. */
    approveInNewThread(text = PLAN) {
      const attachment = join(
        w.home,
        ".codex",
        "attachments",
        "00000000-0000-7000-8000-000000000005",
        "approved-plan.md",
      );
      writeFile(attachment, text);
      return send("UserPromptSubmit.clear-context-implement");
    },
    end: () => send("SessionEnd"),
  };
}

function readOr(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
