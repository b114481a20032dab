// A tiny command gate for the tests: block `npm publish` unless PUBLISH_APPROVED=1 reaches it.
import { commandsOf, matchesPattern } from "../src/index.ts";

export type Verdict = "allow" | "approved" | "block" | "unknown";

export function publishVerdict(line: string, cwd = "/project"): Verdict {
  const { commands, unknown } = commandsOf(line, {
    approvalVariable: "PUBLISH_APPROVED",
    mentions: /publish/i,
    cwd,
    home: "/home/u",
  });
  const matches = commands.map((c) => ({ c, m: matchesPattern(c, "npm publish") }));
  if (matches.some(({ c, m }) => m === true && !c.approved)) return "block";
  if (unknown.length > 0 || matches.some(({ c, m }) => m === "unknown" && !c.approved)) return "unknown";
  return matches.some(({ m }) => m !== false) ? "approved" : "allow";
}
