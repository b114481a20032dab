// Turns the mock's request log into per-call reports, the same way for every CLI.
import type { FakeCall } from "../fake-bin.ts";
import type { McpCall } from "../mcp.ts";
import type { RecordedRequest } from "../mock/http.ts";
import { allSteps, type Scenario } from "../scenario.ts";
import { directEvidence } from "./session.ts";
import type { CallReport } from "./types.ts";

export interface CliCallView {
  tool(index: number): string;
  id(index: number): string;
  /** The tool result text for call `index` if `body` (a later main request) carries it. */
  resultIn(body: unknown, index: number): string | null;
  /** Execution evidence when neither a stub log nor a file applies (spy hook, tool output). */
  fallback(index: number, feedback: string | null): { executed: boolean | null; evidence: string };
}

export function buildCalls(
  scenario: Scenario,
  mains: readonly RecordedRequest[],
  project: string,
  fakeCalls: readonly FakeCall[],
  view: CliCallView,
  mcpCalls: readonly McpCall[] = [],
): CallReport[] {
  return allSteps(scenario).map((step, index) => {
    const emitted = mains.findIndex((r) => r.turn === index);
    let feedback: string | null = null;
    let resultRequest: number | null = null;
    for (let j = Math.max(emitted + 1, 1); emitted >= 0 && j < mains.length; j++) {
      const text = view.resultIn(mains[j]?.body, index);
      if (text !== null) {
        feedback = text;
        resultRequest = j;
        break;
      }
    }
    const window = {
      from: emitted >= 0 ? (mains[emitted]?.t ?? 0) : Number.POSITIVE_INFINITY,
      to: resultRequest !== null ? (mains[resultRequest]?.t ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY,
    };
    const evidence =
      emitted < 0
        ? { executed: null, evidence: "never emitted: the CLI did not ask for this turn" }
        : (directEvidence(step, project, fakeCalls, window, scenario.fakeCommands, mcpCalls) ??
          view.fallback(index, feedback));
    return { index, step, tool: view.tool(index), id: view.id(index), ...evidence, feedback, resultRequest };
  });
}
