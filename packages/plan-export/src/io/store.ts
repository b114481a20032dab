// plan-export's tracking in the shared per-user state store (@hookrail/core/state): plans waiting for
// an outcome (per repository), continuation links (per session) and notices for the model.
import type { StateStore } from "@hookrail/core/state";
import { recordKey } from "../record-key.ts";
import type { ContinuationLink, ExportResult, PlanRecord } from "../types.ts";

const PLANS = "plan-export.plans";
const LINKS = "plan-export.links";
const NOTICES = "plan-export.notices";

interface StoredRecord extends PlanRecord {
  repoKey: string;
}

/** Something the model has not been told yet: for one session, or (sessionId absent) for the repository's next session. */
export interface Notice {
  repoKey: string;
  sessionId?: string;
  results: ExportResult[];
  /** The worktree the plans were exported from. */
  topLevel: string;
  /** The user has seen it already (as a message), so only the model still needs it. */
  userSeen: boolean;
  at: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function planStore(state: StateStore) {
  return {
    records(repoKey: string): (PlanRecord & { key: string })[] {
      return state.list(PLANS).flatMap(({ key, value }) => {
        if (!isObject(value) || value.repoKey !== repoKey || !key.startsWith(`${repoKey}/`)) return [];
        const { repoKey: _repo, ...record } = value as unknown as StoredRecord;
        return [{ ...record, key: key.slice(repoKey.length + 1) }];
      });
    },
    hasSessionRecords(sessionId: string): boolean {
      return state.list(PLANS).some(({ value }) => isObject(value) && value.sessionId === sessionId);
    },
    putRecord(repoKey: string, record: PlanRecord): void {
      state.set(PLANS, `${repoKey}/${recordKey(record)}`, { ...record, repoKey } satisfies StoredRecord);
    },
    deleteRecord(repoKey: string, key: string): void {
      state.delete(PLANS, `${repoKey}/${key}`);
    },

    link(sessionId: string): ContinuationLink | undefined {
      const value = state.get(LINKS, sessionId)?.value;
      return isObject(value) && value.sessionId === sessionId ? (value as unknown as ContinuationLink) : undefined;
    },
    links(repoKey: string): ContinuationLink[] {
      return state
        .list(LINKS)
        .map((entry) => entry.value)
        .filter((value): value is ContinuationLink => isObject(value) && value.repoKey === repoKey);
    },
    setLink(link: ContinuationLink): void {
      state.set(LINKS, link.sessionId, link);
    },
    deleteLink(sessionId: string): void {
      state.delete(LINKS, sessionId);
    },

    /** Notices for this session, plus (at a session start) those left for the repository's next session. */
    notices(sessionId: string, repoKey: string | undefined): (Notice & { key: string })[] {
      return state
        .list(NOTICES)
        .flatMap(({ key, value }) => {
          if (!isObject(value) || !Array.isArray(value.results)) return [];
          const notice = value as unknown as Notice;
          const forMe =
            notice.sessionId === sessionId || (notice.sessionId === undefined && notice.repoKey === repoKey);
          return forMe ? [{ ...notice, key }] : [];
        })
        .sort((a, b) => a.at - b.at);
    },
    addNotice(notice: Notice, id: string): void {
      state.set(NOTICES, `${notice.sessionId ?? notice.repoKey}/${id}`, notice);
    },
    deleteNotice(key: string): void {
      state.delete(NOTICES, key);
    },
  };
}

export type PlanStore = ReturnType<typeof planStore>;
