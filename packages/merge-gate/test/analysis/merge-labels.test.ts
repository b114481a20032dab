// Labels a merge bot merges on (added) and labels that hold it back (taken off), read by their words; and the REST
// calls that set a request's labels, judged by them.
import { describe, expect, it } from "vitest";
import { NO_PARAMS } from "../../src/analysis/api-params.ts";
import { holdLabel, labelNames, labelRoute, labelsMerge, mergeLabel } from "../../src/analysis/merge-labels.ts";

describe("labels a merge bot merges on", () => {
  it.each([
    "automerge",
    "auto-merge",
    "Auto Merge",
    "autosquash",
    "kodiak:automerge",
    "ready-to-merge",
    "ready for merge",
    "merge when ready",
    "merge-when-pipeline-succeeds",
    "merge-queue",
    "mergequeue",
    "ship it",
    "shipit",
    "bot: merge",
    "merge",
    "lgtm",
    "LGTM",
    "approved",
  ])("%s asks for a merge", (label) => {
    expect(mergeLabel(label)).toBe(true);
  });

  it.each([
    "do-not-merge",
    "do not merge",
    "don't merge",
    "DO NOT MERGE",
    "no-merge",
    "do-not-merge/hold",
    "merge conflict",
    "merge-conflicts",
    "merge after release",
    "merge-blocked",
    "wait to merge",
    "needs merge approval",
    "merged",
    "mergeable",
    "bug",
    "needs-review",
    "merge-request",
    "emergency",
    "needs-approval",
    "approved-design",
    "lgtm-pending",
    "not approved",
  ])("%s does not", (label) => {
    expect(mergeLabel(label)).toBe(false);
  });

  it("a merge label with a word that holds it off never asks for a merge (every pairing, every separator)", () => {
    const asks = ["automerge", "merge", "ready to merge", "merge queue", "ship it"];
    const holds = ["do not", "don't", "no", "hold", "wip", "blocked", "conflict", "later", "manual", "skip"];
    let tried = 0;
    for (const a of asks) {
      expect(mergeLabel(a), a).toBe(true);
      for (const h of holds) {
        for (const sep of [" ", "-", "_", ":", "/"]) {
          for (const label of [`${h} ${a}`, `${a} ${h}`].map((l) => l.replace(/ /g, sep))) {
            expect(mergeLabel(label), label).toBe(false);
            tried++;
          }
        }
      }
    }
    expect(tried).toBe(500);
  });

  it.each([
    ["do-not-merge", true],
    ["do-not-merge/hold", true],
    ["do-not-merge/work-in-progress", true],
    ["Don't merge", true],
    ["hold", true],
    ["merge-blocked", true],
    ["wip", false],
    ["needs-review", false],
    ["automerge", false],
  ] as const)("taking off %s lets a bot merge: %s", (label, held) => {
    expect(holdLabel(label)).toBe(held);
  });
});

describe("label lists", () => {
  it.each<[unknown, string[]]>([
    ["bug, automerge", ["bug", "automerge"]],
    [
      ["bug", { name: "ready-to-merge" }],
      ["bug", "ready-to-merge"],
    ],
    ["~automerge", ["automerge"]],
    [12, []],
    [{ id: 3 }, []],
  ])("%j names %j", (value, names) => {
    expect(labelNames(value)).toEqual(names);
  });

  it("an added merge label and a hold taken off are each a merge; other changes are not", () => {
    expect(labelsMerge(["bug", "automerge"], [])).toMatch(/adds the label `automerge`/);
    expect(labelsMerge([], ["do-not-merge"])).toMatch(/takes off the label `do-not-merge`/);
    expect(labelsMerge(["do-not-merge"], ["automerge"])).toBeUndefined();
  });
});

describe("REST calls that set labels", () => {
  const body = (text: string, dynamic = false) => ({ ...NO_PARAMS, bodies: [{ text, dynamic }] });
  const field = (name: string, value: string | null) => ({ ...NO_PARAMS, fields: [{ name, value }] });
  const issue = "https://api.github.com/repos/o/r/issues/12";

  it.each<[string, string, ReturnType<typeof body>, "merge" | "unknown" | null]>([
    [`${issue}/labels`, "POST", body('{"labels": ["automerge"]}'), "merge"],
    [`${issue}/labels`, "PUT", body('["bug", "ready-to-merge"]'), "merge"],
    [`${issue}/labels`, "POST", field("labels[]", "automerge"), "merge"],
    [`${issue}/labels`, "POST", body('["bug"]'), null],
    [`${issue}/labels`, "POST", body("$LABELS", true), "unknown"],
    [`${issue}/labels`, "POST", { ...NO_PARAMS, hidden: true }, "unknown"],
    [`${issue}/labels/do-not-merge`, "DELETE", NO_PARAMS, "merge"],
    [`${issue}/labels/automerge`, "DELETE", NO_PARAMS, null],
    [`${issue}/labels`, "DELETE", NO_PARAMS, null],
    [issue, "PATCH", body('{"labels": [{"name": "merge when ready"}]}'), "merge"],
    [issue, "PATCH", body('{"state": "closed"}'), null],
    [`${issue}/labels`, "GET", NO_PARAMS, null],
    ["https://gitlab.com/api/v4/projects/7/merge_requests/3", "PUT", body("add_labels=bug%2Cautomerge"), "merge"],
    ["https://gitlab.com/api/v4/projects/7/merge_requests/3", "PUT", field("remove_labels", "do not merge"), "merge"],
    ["https://gitlab.com/api/v4/projects/7/merge_requests", "POST", field("labels", "automerge"), "merge"],
    ["https://gitlab.com/api/v4/projects/7/merge_requests/3", "PUT", field("labels", "backend"), null],
    ["https://gitlab.com/api/v4/projects/7/issues/3", "PUT", field("labels", "automerge"), null],
  ])("%s %s → %s", (url, method, params, expected) => {
    const verdict = labelRoute(url, method, params);
    expect(verdict === null ? null : "merge" in verdict ? "merge" : "unknown").toBe(expected);
  });
});
