// `hookrail explain` in words: the decision, how it was reached, each simple command with where it runs and
// what matched there, and what could not be known.
import type { TracedFinding, TracedPlace } from "@hookrail/core";
import type { Paint } from "../cli/color.ts";
import { formatOutcome } from "../describe-answer.ts";
import type { Explanation } from "./trace.ts";

/** The repository by its main folder (`/repo` for `/repo/.git`). */
const repoName = (repo: string) => repo.replace(/\/\.git$/, "");

function branchText(branches: readonly (string | null)[] | undefined): string {
  if (!branches?.length) return "";
  const named = branches.map((b) => (b === null ? "a branch not known before it runs" : b));
  return `, on ${[...new Set(named)].join(" or ")}`;
}

/** One line per course the line may take to this command: folder, branch, repository. */
export function placeText(place: TracedPlace): string {
  if (place.cwd === null) return "in a folder known only when it runs";
  if (place.repo === null) return `in ${place.cwd} (not in a repository)`;
  const repo =
    place.repo === undefined ? " (repository not known before it runs)" : ` (repository ${repoName(place.repo)})`;
  return `in ${place.cwd}${branchText(place.branches)}${repo}`;
}

/** A word as a shell would take it back: quoted when it holds anything but plain characters. */
const shellWord = (word: string | null) =>
  word === null ? "<known when it runs>" : /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;

/** A finding under its command: the rule, and what it found there (the command itself is the line above). */
const findingText = (f: TracedFinding, p: Paint) => {
  const what = f.text.replace(/^`[^`]*` /, "").replace(/^cannot be checked: /, "");
  if (f.kind === "unknown") return `${p.yellow("not known")}: ${what}`;
  return `${f.kind === "match" ? p.red("matched") : p.green("approved")} ${f.rule}: ${what}`;
};

export function formatExplanation(e: Explanation, p: Paint): string {
  const out: string[] = [`${e.guardrail} (${e.cli}) in ${e.cwd}${e.input ? `: ${e.input}` : ""}`];
  const [verdict, ...why] = formatOutcome(e, "  ", p).split("\n");
  out.push(`${verdict} ${p.dim(`(exit ${e.exitCode})`)}`, ...why);
  if (!e.traced) {
    out.push("", `${e.guardrail} has no command analysis to trace; its answer is above.`);
    return `${out.join("\n")}\n`;
  }
  if (e.notes.length) out.push("", "how it was decided:", ...e.notes.map((n) => `  ${n}`));
  out.push("", e.commands.length ? `simple commands (${e.commands.length}):` : "simple commands: none");
  e.commands.forEach((c, i) => {
    const indent = "  ".repeat(c.depth + 1);
    const via = c.hops > 0 ? p.dim(`  (after ${c.hops} wrapper${c.hops > 1 ? "s" : ""})`) : "";
    const approved = c.approved ? p.dim("  (approval marker on it)") : "";
    const number = `${i + 1}.`.padEnd(4);
    out.push(`${indent}${number}${c.words.map(shellWord).join(" ")}${via}${approved}`);
    const detail = `${indent}    `;
    for (const place of c.where) out.push(`${detail}${placeText(place)}`);
    for (const f of c.findings) out.push(`${detail}${findingText(f, p)}`);
  });
  if (e.line.length) out.push("", "the whole line:", ...e.line.map((f) => `  ${findingText(f, p)}`));
  out.push("", e.unknown.length ? "could not be known:" : "could not be known: nothing");
  for (const f of e.unknown) out.push(`  \`${f.command}\`: ${f.text.replace(/^`[^`]*` cannot be checked: /, "")}`);
  return `${out.join("\n")}\n`;
}
