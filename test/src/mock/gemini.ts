// Mock Gemini API (v1beta generateContent / streamGenerateContent) for the Gemini CLI.
// "main" = the agent loop (the body offers tools); its turn = the functionCalls already in the
// history (stateless). Requests with a JSON response schema (the model router's classifier,
// next-speaker and loop checks) are "aux" and get an object synthesised from the schema.
import path from "node:path";
import { offeredMcpName, offeredToolNames } from "../mcp.ts";
import { collectText, DEFAULT_FINAL_TEXT, planNameBefore, type Scenario, type Step } from "../scenario.ts";
import { type MockServer, notFound, type RecordedRequest, type Reply, startMockServer } from "./http.ts";

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  enum?: unknown[];
}
interface Part {
  text?: string;
  functionCall?: { id?: string; name: string; args: Record<string, unknown> };
}
interface GenerateBody {
  systemInstruction?: unknown;
  contents?: { role?: string; parts?: Part[] }[];
  tools?: unknown[];
  generationConfig?: { responseJsonSchema?: Schema; responseSchema?: Schema; responseMimeType?: string };
}

/** Field values that keep the CLI on its simple path: flash model, the user speaks next, no loop. */
const AUX_VALUES: Record<string, unknown> = {
  complexity_score: 10,
  complexity_reasoning: "mock: simple task",
  next_speaker: "user",
  reasoning: "mock",
  unproductive_state_confidence: 0,
  unproductive_state_analysis: "mock: no loop",
};

function synth(schema: Schema | undefined, key?: string): unknown {
  if (key && key in AUX_VALUES) return AUX_VALUES[key];
  if (!schema) return "mock";
  if (schema.enum?.length) return schema.enum[0];
  const t = String(schema.type ?? (schema.properties ? "object" : "string")).toLowerCase();
  if (t === "object")
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, synth(v, k)]));
  if (t === "array") return [];
  if (t === "integer" || t === "number") return 1;
  if (t === "boolean") return false;
  return "mock";
}

export const geminiCallId = (turn: number): string => `hookrail-call-${turn}`;

/** Plan mode's folder as the system prompt gives it (relative to the project): `…/.gemini/tmp/<project>/<session>/plans/`. */
const PLANS_DIR = /([^\s`'"(]*\.gemini\/tmp\/[^\s/`'"]+\/[^\s/`'"]+\/plans)\/?/;

export interface GeminiStepContext {
  project: string;
  /** The plans folder plan mode named (plan-write steps write there). */
  plansDir?: string;
  /** The plan file name an exit_plan_mode points to (the last plan-write). */
  planName?: string;
  /** The tools the request offers (an mcp step calls the server's tool by the name offered). */
  offered?: readonly string[];
}

const TOOL_NAMES: Record<Step["kind"], string> = {
  shell: "run_shell_command",
  write: "write_file",
  "plan-write": "write_file",
  "tool-search": "(claude only)",
  "plan-exit": "exit_plan_mode",
  "propose-plan": "(codex only)",
  stdin: "(codex only)",
  tool: "(copilot only)",
  mcp: "(mcp)",
};

export const geminiToolName = (step: Step): string =>
  step.kind === "mcp" ? `mcp:${step.tool}` : TOOL_NAMES[step.kind];

export function geminiCall(
  step: Step,
  turn: number,
  ctx: GeminiStepContext,
): { id: string; name: string; args: Record<string, unknown> } {
  const id = geminiCallId(turn);
  const name = geminiToolName(step);
  switch (step.kind) {
    case "shell":
      return { id, name, args: { command: step.command, description: "scripted step" } };
    case "write":
      return { id, name, args: { file_path: path.join(ctx.project, step.path), content: step.content } };
    case "plan-write":
      if (!ctx.plansDir) throw new Error("plan-write: the request names no plans folder (not in plan mode?)");
      // As the model writes it: the folder as the prompt gives it (relative to the project).
      return { id, name, args: { file_path: `${ctx.plansDir}/${step.name}`, content: step.content } };
    case "plan-exit":
      if (!ctx.planName) throw new Error("plan-exit: no plan-write before it");
      return { id, name, args: { plan_filename: ctx.planName } };
    case "mcp":
      return { id, name: offeredMcpName(ctx.offered ?? [], step.tool), args: step.args };
    default:
      throw new Error(`${step.kind} is not a Gemini step`);
  }
}

const candidate = (parts: Part[]) => ({
  candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
});

export function startGeminiMock(scenario: Scenario, projectDir: string): Promise<MockServer> {
  let plansDir: string | undefined;
  return startMockServer((req: RecordedRequest): Reply => {
    const m = /\/models\/([^/:]+):([A-Za-z]+)$/.exec(req.path);
    if (req.method !== "POST" || !m) return notFound(`${req.method} ${req.path}`);
    const method = m[2];
    const body = (req.body ?? {}) as GenerateBody;
    if (method === "countTokens") {
      req.kind = "aux";
      return { status: 200, json: { totalTokens: 10 } };
    }
    if (method !== "generateContent" && method !== "streamGenerateContent") return notFound(req.path);
    const gc = body.generationConfig ?? {};
    let answer: unknown;
    if (gc.responseJsonSchema || gc.responseSchema || gc.responseMimeType === "application/json") {
      req.kind = "aux";
      answer = candidate([
        { text: JSON.stringify(synth(gc.responseJsonSchema ?? gc.responseSchema ?? { type: "object" })) },
      ]);
    } else if (body.tools?.length) {
      req.kind = "main";
      const turn = (body.contents ?? []).flatMap((c) => c.parts ?? []).filter((p) => p.functionCall).length;
      req.turn = turn;
      plansDir = PLANS_DIR.exec(collectText(body.systemInstruction ?? ""))?.[1] ?? plansDir;
      const step = scenario.steps[turn];
      const planName = planNameBefore(scenario.steps, turn);
      const ctx: GeminiStepContext = {
        project: projectDir,
        offered: offeredToolNames(body.tools),
        ...(plansDir ? { plansDir } : {}),
        ...(planName ? { planName } : {}),
      };
      answer = candidate(
        step
          ? [{ text: `Step ${turn + 1}.` }, { functionCall: geminiCall(step, turn, ctx) }]
          : [{ text: scenario.finalText ?? DEFAULT_FINAL_TEXT }],
      );
    } else {
      req.kind = "aux";
      answer = candidate([{ text: "mock text" }]);
    }
    if (method === "streamGenerateContent") return { sse: [`data: ${JSON.stringify(answer)}\r\n\r\n`] };
    return { status: 200, json: answer };
  });
}
