// A trace of how a guardrail reached its decision (`hookrail explain`): handed to the guardrail through its
// context, filled by its own analysis as it runs, so the trace and the decision come from one run.

/** Where a simple command runs, in one of the courses the line may take. */
export interface TracedPlace {
  /** The folder; null when it is known only at run time. */
  cwd: string | null;
  /** The branches that may be checked out there (null: detached or not known); none outside a repository. */
  branches?: (string | null)[];
  /** The repository (its git folder); null: none; undefined: not known. */
  repo?: string | null;
}

export interface TracedCommand {
  /** The simple command's text, as written. */
  command: string;
  /** Its words once wrappers are off (`env X=1 gh pr merge 1` → gh, pr, merge, 1); null: known only when it runs. */
  words: (string | null)[];
  /** 0 for the line itself, more for code run inside it (bash -c, eval, a substitution…). */
  depth: number;
  /** Wrappers taken off to reach it (env, sudo, xargs…). */
  hops: number;
  /** The approval marker is on this very command. */
  approved: boolean;
  where: TracedPlace[];
}

/** What one finding of the analysis is: a rule that matched, an approval that counted, a part not known. */
export interface TracedFinding {
  kind: "match" | "approved" | "unknown";
  command: string;
  /** The finding in words (the same text the reason gives). */
  text: string;
  /** The rule, by name: "merge route gh pr merge", "tamper: hook registrations"… */
  rule: string;
}

export interface TraceSink {
  /** The analysis starts over (with more facts): what it recorded so far no longer counts. */
  restart(): void;
  command(step: TracedCommand): void;
  finding(finding: TracedFinding): void;
  /** A fact about how the decision was reached (a prefilter, a mode, a file write). */
  note(text: string): void;
}
