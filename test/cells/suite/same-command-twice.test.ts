// A hook command configured twice for one call: does the CLI run it once or twice? What decides whether guardrails
// installed together could share one process by sharing one command (docs/architecture.md#several-guardrails-on-one-call).
// The merge gate is installed as `hookrail install` writes it; a row then doubles its entries for the tool call in the
// CLI's own file, and the session's audit log counts the gate's runs on `gh pr merge 12` (one entry per run that
// blocked). Two controls: no copy (one run), and a copy whose command differs by a shell comment (two runs: the CLI
// reads the edited file). Then the same pair with the copy's matcher written another way that still matches the call
// (`(?:<matcher>)|hookrail_no_such_tool`): whether a CLI that runs one command once also does so across entries whose
// matchers differ, as guardrails sharing one command would each keep their own.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { type AuditCapture, captureAuditLog } from "../../src/cells/audit-log.ts";
import { type CellRow, defineCells } from "../../src/cells/define.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { Session } from "../../src/runner/session.ts";
import type { Scenario } from "../../src/scenario.ts";

const scenario: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [{ kind: "shell", command: "gh pr merge 12" }],
};
const audits = new Map<string, AuditCapture>();

/** The CLIs whose hooks hookrail writes into a file of the CLI's own, and how to double the merge gate's there. */
type Double = (s: Session, copy: (command: string) => string, matcher?: (m: string) => string) => void;

// Not here: Claude Code (its copy of a plugin, ~/.claude/plugins/cache/…) and Qwen Code (an extension's
// hooks/hooks.json) ran the gate once even when the copy's command differed, so an edit there is not what they run.
const doubles: Record<"droid" | "kimi" | "auggie" | "gemini", Double> = {
  // An extension's hooks/hooks.json, in ~/.gemini/extensions/<name>/.
  gemini: (s, copy, matcher) => doubleFound(s, ".gemini", "BeforeTool", copy, matcher),
  // ~/.factory/hooks.json: the events at the top level.
  droid: (s, copy, matcher) =>
    doubleJson(path.join(s.rd.home, ".factory", "hooks.json"), (json) => json, "PreToolUse", copy, matcher),
  // ~/.augment/settings.json: the events under "hooks".
  auggie: (s, copy, matcher) =>
    doubleJson(
      path.join(s.rd.home, ".augment", "settings.json"),
      (json) => json.hooks ?? {},
      "PreToolUse",
      copy,
      matcher,
    ),
  // config.toml: one [[hooks]] table per entry; the PreToolUse ones appended again.
  kimi: (s, copy, matcher) => {
    const file = path.join(s.env.KIMI_CODE_HOME || path.join(s.rd.home, ".kimi-code"), "config.toml");
    const text = fs.readFileSync(file, "utf8");
    const entries = text.split(/(?=^\[\[hooks\]\]$)/m).filter((b) => b.startsWith("[[hooks]]"));
    const gate = entries.filter((b) => /^event = "PreToolUse"$/m.test(b));
    expect(gate.length, "no PreToolUse entry of the merge gate in config.toml").toBeGreaterThan(0);
    const copies = gate.map((b) => {
      const entry = b.trimEnd().replace(/^command = "(.*)"$/m, (_, c: string) => `command = "${copy(c)}"`);
      return matcher ? entry.replace(/^matcher = "(.*)"$/m, (_, m: string) => `matcher = "${matcher(m)}"`) : entry;
    });
    const doubled = `${text.trimEnd()}\n\n${copies.join("\n\n")}\n`;
    expect(doubled.match(/^event = "PreToolUse"$/gm)).toHaveLength(2 * gate.length);
    fs.writeFileSync(file, doubled);
  },
};

type Events = Record<string, unknown[]>;

function doubleJson(
  file: string,
  events: (json: Events & { hooks?: Events }) => Events,
  event: string,
  copy: (command: string) => string,
  matcher?: (m: string) => string,
) {
  const json = JSON.parse(fs.readFileSync(file, "utf8"));
  const at = events(json);
  const groups = at[event] ?? [];
  // The merge gate's own group, or (where the install runs every guardrail from one dispatcher) the dispatcher's.
  expect(JSON.stringify(groups), `no ${event} group of the merge gate in ${file}`).toMatch(/merge-gate|dispatch\.cjs/);
  const copies = (structuredClone(groups) as { matcher?: unknown; hooks?: { command?: string }[] }[]).map((group) => ({
    ...group,
    ...(matcher && typeof group.matcher === "string" ? { matcher: matcher(group.matcher) } : {}),
    hooks: group.hooks?.map((h) => (typeof h.command === "string" ? { ...h, command: copy(h.command) } : h)),
  }));
  at[event] = [...groups, ...copies];
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

/** Every hooks.json in the CLI's folder that runs the merge gate at `event`, its groups there doubled. */
function doubleFound(
  s: Session,
  folder: string,
  event: string,
  copy: (command: string) => string,
  matcher?: (m: string) => string,
) {
  const found: string[] = [];
  const root = path.join(s.rd.home, folder);
  for (const f of fs.readdirSync(root, { recursive: true, encoding: "utf8" }))
    if (f.endsWith("hooks.json") && fs.readFileSync(path.join(root, f), "utf8").includes("merge-gate"))
      found.push(path.join(root, f));
  expect(found, `no hooks file of the merge gate under ${root}`).not.toEqual([]);
  for (const file of found) doubleJson(file, (json) => json.hooks ?? {}, event, copy, matcher);
}

/** What each CLI did with the doubled command, measured on the pinned version. */
const RUNS_WHEN_DOUBLED = { droid: 2, kimi: 1, auggie: 1, gemini: 1 } as const;
const RUNS_UNDER_OTHER_MATCHER = { droid: 2, kimi: 1, auggie: 2, gemini: 1 } as const;

const runs = (key: string) => (audits.get(key)?.entries ?? []).filter((e) => e.guardrail === "merge-gate");

/** The copy's command: the same, or one a shell runs the same way but the CLI cannot take for the same (the control). */
const SAME = (command: string) => command;
const OTHER = (command: string) => `${command} # the copy`;
/** The copy's matcher: written another way, matching the same tools. */
const WIDER = (matcher: string) => `(?:${matcher})|hookrail_no_such_tool`;

const variants = [
  { name: "the merge gate's command once", runs: () => 1 },
  { name: "the merge gate's command twice", copy: SAME, runs: (cli: keyof typeof doubles) => RUNS_WHEN_DOUBLED[cli] },
  { name: "the merge gate's command and a different one", copy: OTHER, runs: () => 2 },
  {
    name: "the merge gate's command twice, under matchers written differently",
    copy: SAME,
    matcher: WIDER,
    runs: (cli: keyof typeof doubles) => RUNS_UNDER_OTHER_MATCHER[cli],
  },
  { name: "a different command under a matcher written differently", copy: OTHER, matcher: WIDER, runs: () => 2 },
];

const rows: CellRow[] = (Object.keys(doubles) as (keyof typeof doubles)[]).flatMap((cli) =>
  variants.map((v, i): CellRow => {
    const key = `${cli}-${i}`;
    const expected = v.runs(cli);
    const { copy } = v;
    const matcher = "matcher" in v ? v.matcher : undefined;
    return {
      cli,
      scenario,
      variant: v.name,
      prepare: captureAuditLog(audits, key),
      afterInstall: copy ? (s) => doubles[cli](s, copy, matcher) : undefined,
      cells: [
        {
          name: `gh pr merge 12 blocked by ${expected === 1 ? "one run" : `${expected} runs`} of the gate`,
          check: () => expect(runs(key).map((e) => e.decision)).toEqual(Array(expected).fill("block")),
        },
      ],
    };
  }),
);

defineCells(repoSource("merge-gate"), rows);
