// The lines an install prints for one CLI: the guardrails that came to the same, on one line; then each problem
// still to fix and each piece of advice once, though every guardrail gave it (their names in it read "each of
// them", a path or file name "*", an install command all their names), naming the guardrails when not all did.
import type { Scope } from "@hookrail/install-kit";
import { type Done, outcome } from "./outcome.ts";

const SLOT = "\u0000";

/** Texts said per guardrail, each once with the guardrails that said it (their name taken out as SLOT), in order. */
function collect(items: readonly { guardrail: string; texts: readonly string[] }[]): Map<string, string[]> {
  const said = new Map<string, string[]>();
  for (const { guardrail, texts } of items)
    for (const text of texts) {
      const key = text.split(guardrail).join(SLOT);
      const by = said.get(key) ?? [];
      if (!by.includes(guardrail)) by.push(guardrail);
      said.set(key, by);
    }
  return said;
}

/** A text said for `names`, their name put back: as they are for one, else in the words its place needs. */
export function putNames(text: string, names: readonly string[]): string {
  if (names.length === 1) return text.split(SLOT).join(names[0]);
  const parts = text.split(SLOT);
  return parts.reduce((out, part, i) => {
    if (i === 0) return part;
    const before = out.at(-1) ?? "";
    const after = part[0] ?? "";
    if (/[/.-]/.test(before) || /[/.-]/.test(after)) return `${out}*${part}`;
    if (/\binstall $/.test(out)) return `${out}${names.join(" ")}${part}`;
    return `${out}each of them${part}`;
  }, "");
}

/**
 * One CLI's steps of an install or uninstall, said once each: "merge-gate, branch-drift for Codex (user scope):
 * installed (…)", then its problems and notes (`notes` gives a step's advice; none for a step that changed nothing).
 */
export function cliReport<S extends Done>(
  action: "install" | "uninstall",
  steps: readonly S[],
  scope: Scope,
  version: string,
  update: boolean,
  notes: (step: S) => readonly string[],
): string[] {
  const [first] = steps;
  if (!first) return [];
  const all = steps.map((s) => s.guardrail);
  const results = steps.map((s) => ({ guardrail: s.guardrail, result: outcome(action, s, version, update) }));
  const lines: string[] = [];
  const heads = collect(results.map((r) => ({ guardrail: r.guardrail, texts: [r.result.text] })));
  for (const [text, names] of heads)
    lines.push(`${names.join(", ")} for ${first.installer.title} (${scope} scope): ${putNames(text, names)}`);
  // Said for some of the guardrails only: their names first.
  const whose = (names: readonly string[]) => (names.length < all.length ? `${names.join(", ")}: ` : "");
  const left = collect(results.map((r) => ({ guardrail: r.guardrail, texts: r.result.left })));
  for (const [text, names] of left) lines.push(`  still to fix: ${whose(names)}${putNames(text, names)}`);
  const advice = collect(steps.map((s) => ({ guardrail: s.guardrail, texts: notes(s) })));
  for (const [text, names] of advice) lines.push(`  ${whose(names)}${putNames(text, names)}`);
  return lines;
}
