// The shapes plan-export's layers pass to each other: signals (what an event means for plans),
// tracked records (plans waiting for an outcome) and the actions the pure decision asks for.
import type { CliName, SessionSource } from "@hookrail/core";
import type { PlanExportOptions } from "./options.ts";

export type Outcome = "accepted" | "rejected";

/** How a plan got its outcome; written to the exported file's front matter. */
export type Resolution =
  | "approved"
  | "approved-edited"
  | "approved-clear-context"
  | "feedback"
  | "dismissed"
  | "revised"
  | "abandoned";

/** What one hook event means for plans. Routes (one file per CLI) turn events into signals. */
export type Signal =
  /** The agent wrote a plan file (not shown to the user yet). */
  | { kind: "plan-written"; path: string; text?: string }
  /** The agent asked for approval; `text` is read from the first readable of `paths` when absent. */
  | {
      kind: "plan-presented";
      paths: string[];
      text?: string;
      from?: "codex-rollout";
      turnId?: string;
      /** The CLI does not name the plan's file (OpenCode's plan_exit): it is the session's newest draft. */
      drafts?: true;
    }
  /** The CLI told us the outcome. `text` is read from `paths` (or the Codex rollout) when absent. */
  | {
      kind: "plan-resolved";
      outcome: Outcome;
      resolution: Resolution;
      paths: string[];
      text?: string;
      feedback?: string;
      from?: "codex-rollout";
      /** Also settle matching plans of other sessions of the repository (a plan approved into a new thread). */
      anySession?: boolean;
      /** As in plan-presented: the plan is the session's newest draft. */
      drafts?: true;
    }
  /** Claude: the turn ended; a dialog still open in this session was answered with feedback. */
  | { kind: "turn-ended" }
  /** The user sent a prompt, so no approval dialog is open in this session. */
  | { kind: "prompt" }
  | { kind: "session-started"; source: SessionSource }
  | { kind: "session-ended"; reason: string };

/** open: its session is live; cleared: its session ended with a clear; ended: its session ended otherwise. */
export type RecordStatus = "open" | "cleared" | "ended";

/** A plan waiting for its outcome (or for its file to be written), kept in the state store per repository. */
export interface PlanRecord {
  /**
   * draft: written, never presented (tracked by path); attempt: presented for approval (a backup of its
   * text); decided: its outcome is known but writing the file failed, so any later event retries it.
   */
  kind: "draft" | "attempt" | "decided";
  cli: CliName;
  sessionId: string;
  /** The plan file (for Codex: the session's rollout transcript). */
  path: string;
  text?: string;
  hash?: string;
  status: RecordStatus;
  /** When it was written or presented (ms since the epoch). */
  at: number;
  /** For "decided" records: what to write. */
  outcome?: Outcome;
  resolution?: Resolution;
  feedback?: string;
}

/** A record as the facts layer hands it to the pure decision: with its file's state right now. */
export interface TrackedRecord extends PlanRecord {
  key: string;
  file: { state: "ok"; text: string } | { state: "missing" | "empty" };
}

/** A session started by "clear" whose first message may carry an approved plan (Claude). */
export interface ContinuationLink {
  sessionId: string;
  repoKey: string;
  transcriptPath?: string;
  startedAt: number;
}

/** What the new session's transcript says about the plan it was started with. */
export interface ContinuationEvidence {
  /** The approved plan injected into the first message, if the record is written yet. */
  planText?: string;
  /** The session the plan came from (from the transcript path the message names). */
  fromSessionId?: string;
  feedback?: string;
}

export interface ExportRequest {
  outcome: Outcome;
  resolution: Resolution;
  text: string;
  cli: CliName;
  sessionId: string;
  sourcePath: string;
  plannedAt: number;
  feedback?: string;
  /** Record keys this export settles: deleted only once the file is safely written. */
  settles: string[];
}

export interface LinkFacts {
  link: ContinuationLink;
  evidence: ContinuationEvidence;
}

/** What the pure decision reads of the settings. */
export type PlanDecisionOptions = Pick<PlanExportOptions, "outcomes" | "abandonAfterMinutes">;

/** What the decision's steps read: the facts and the settings. */
export interface BatchInput extends PlanFacts {
  options: PlanDecisionOptions;
}

/** What the pure decision reads. */
export interface PlanFacts {
  cli: CliName;
  sessionId: string;
  /** The repository's tracking key (see io/repo.ts) and the event's transcript, for new continuation links. */
  repoKey: string;
  transcriptPath?: string;
  now: number;
  signals: Signal[];
  /** Every plan tracked for this repository, of every session. */
  records: TrackedRecord[];
  /** This session's continuation link and, at session start, other sessions' links of the repository. */
  links: LinkFacts[];
}

/** What the pure decision asks the I/O layer to do. */
export interface PlanActions {
  exports: ExportRequest[];
  /** Records to create or update (keyed by `recordKey`). */
  put: PlanRecord[];
  /** Record keys to forget now (settled without a file, superseded, or their file vanished). */
  drop: string[];
  setLink?: ContinuationLink;
  /** Session ids whose continuation link is settled. */
  removeLinks: string[];
}

/** One plan file written (or found already written) by the I/O layer. */
export interface ExportResult {
  outcome: Outcome;
  path: string;
  created: boolean;
  /** Not written: the session's folder is gone; kept to be written by a later event in its repository. */
  held?: boolean;
}
