// Gathers what the pure decision needs: plan texts the event only points to, the repository, its
// tracked plans with their files' state, and what the transcripts of "clear" sessions show.
import { statSync } from "node:fs";
import type { HookEvent } from "@hookrail/core";
import { fileState, readLines } from "./io/files.ts";
import type { RepoFacts } from "./io/repo.ts";
import type { PlanStore } from "./io/store.ts";
import { codexPlanFromRollout, continuationEvidence } from "./routes/index.ts";
import type { ContinuationLink, LinkFacts, PlanFacts, PlanRecord, Signal, TrackedRecord } from "./types.ts";

const TRANSCRIPT_HEAD_BYTES = 256 * 1024;
const ROLLOUT_TAIL_BYTES = 512 * 1024;

/** Fills in plan texts from files; a presented plan whose text cannot be found is left out. */
export function completeSignals(signals: Signal[]): Signal[] {
  return signals.flatMap((signal): Signal[] => {
    if (signal.kind !== "plan-presented" && signal.kind !== "plan-resolved") return [signal];
    if (signal.text !== undefined) return [signal];
    const found = findText(signal);
    if (found) return [{ ...signal, ...found }];
    return signal.kind === "plan-presented" ? [] : [signal];
  });
}

function findText(signal: Extract<Signal, { paths: string[] }>): { text: string; paths: string[] } | undefined {
  if (signal.from === "codex-rollout") {
    const [rollout] = signal.paths;
    const turnId = signal.kind === "plan-presented" ? signal.turnId : undefined;
    const text = rollout ? codexPlanFromRollout(readLines(rollout, "tail", ROLLOUT_TAIL_BYTES), turnId) : undefined;
    return text ? { text, paths: signal.paths } : undefined;
  }
  for (const path of signal.paths) {
    const file = fileState(path);
    if (file.state === "ok") return { text: file.text, paths: [path, ...signal.paths.filter((p) => p !== path)] };
  }
  return undefined;
}

/** Signals whose plan is the session's newest draft (`drafts`), pointed at the session's draft files, newest first. */
export function withSessionDrafts(signals: Signal[], store: PlanStore, sessionId: string): Signal[] {
  if (!signals.some((s) => "drafts" in s && s.drafts)) return signals;
  const drafts = store
    .repoKeysOf(sessionId)
    .flatMap((key) => store.records(key))
    .filter((r) => r.kind === "draft" && r.sessionId === sessionId)
    .sort((a, b) => b.at - a.at)
    .map((r) => r.path);
  return signals.map((s) => ("drafts" in s && s.drafts ? { ...s, paths: [...new Set([...drafts, ...s.paths])] } : s));
}

/** Whether this event can change anything tracked: otherwise the hook answers without starting git. */
export function needsRepository(signals: Signal[], hasLink: boolean, store: PlanStore, sessionId: string): boolean {
  if (hasLink) return true;
  if (signals.some((s) => s.kind !== "prompt" && s.kind !== "turn-ended")) return true;
  return signals.length > 0 && store.hasSessionRecords(sessionId);
}

export interface FactsInput {
  event: HookEvent;
  now: number;
  signals: Signal[];
  repo: RepoFacts;
  store: PlanStore;
  link: ContinuationLink | undefined;
}

export function gatherFacts(input: FactsInput): PlanFacts {
  const { event, store, repo } = input;
  const starting = input.signals.some((s) => s.kind === "session-started");
  const links = [
    ...(input.link ? [input.link] : []),
    // At a session start, "clear" sessions that never settled (they died early) are checked too.
    ...(starting ? store.links(repo.key).filter((l) => l.sessionId !== event.sessionId) : []),
  ];
  return {
    cli: event.cli,
    sessionId: event.sessionId,
    repoKey: repo.key,
    ...(event.transcriptPath ? { transcriptPath: event.transcriptPath } : {}),
    now: input.now,
    signals: input.signals,
    records: store.records(repo.key).map(withFile),
    links: links.map(linkFacts),
  };
}

/** An attempt keeps its own backup, so only whether its file still exists matters; a draft is read now. */
function withFile(record: PlanRecord & { key: string }): TrackedRecord {
  if (record.kind === "draft") return { ...record, file: fileState(record.path) };
  if (!record.path || record.kind === "decided") return { ...record, file: { state: "ok", text: record.text ?? "" } };
  try {
    // Only whether it is blank matters: a big file (a Codex rollout) is not, a small one is read.
    const blank = statSync(record.path).size < 64 * 1024 && fileState(record.path).state !== "ok";
    return { ...record, file: blank ? { state: "empty" } : { state: "ok", text: record.text ?? "" } };
  } catch {
    return { ...record, file: { state: "missing" } };
  }
}

function linkFacts(link: ContinuationLink): LinkFacts {
  const lines = link.transcriptPath ? readLines(link.transcriptPath, "head", TRANSCRIPT_HEAD_BYTES) : [];
  return { link, evidence: continuationEvidence(lines) };
}
