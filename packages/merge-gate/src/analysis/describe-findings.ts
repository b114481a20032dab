// The caller's verdict and the product text for findings.
import { DEFAULT_BRANCH_CHANGE } from "./branch-routes.ts";
import { gerritText } from "./gerrit.ts";
import { HOOK_ROUTE } from "./hook-bypass.ts";
import { landingText } from "./landing-tools.ts";
import type { Analysis, Finding } from "./types.ts";

// Past this many lines the rest is counted, not listed.
const MAX_LINES = 10;

/** Blocked unless every finding is an approved merge; anything unprovable blocks. */
export function isBlocked(a: Analysis): boolean {
  return a.findings.some((f) => f.kind === "unprovable" || !f.approved);
}

/** One short line per finding, e.g. "`gh pr merge 12` merges a pull request". */
export function describeFindings(a: Analysis): string {
  const lines = a.findings.slice(0, MAX_LINES).map(describe);
  const more = a.findings.length - lines.length;
  if (more > 0) lines.push(`…and ${more} more`);
  return lines.join("\n");
}

function describe(f: Finding): string {
  const cmd = `\`${shortCommand(f.command)}\``;
  if (f.kind === "unprovable") return `${cmd} cannot be checked: ${f.why}`;
  if (f.kind === "review") return `${cmd} ${f.what}`;
  if (f.kind === "tamper") {
    const where = f.path ? ` (${f.path})` : "";
    const verb = /^(?:uninstalls|removes|replaces|changes|turns|runs|may) /.test(f.what) ? f.what : `changes ${f.what}`;
    return `${cmd} ${verb}${where}${f.approved ? " (approved with MERGE_APPROVED=1)" : ""}`;
  }
  return `${cmd} ${what(f.route)}${f.approved ? " (approved with MERGE_APPROVED=1)" : ""}`;
}

const API_TEXT: Record<string, string> = {
  "branch merge endpoint": "merges a branch into",
  "contents write": "commits a file to",
  "branch rename": "renames a branch to",
  commit: "commits to",
  "branch create": "creates protected branch",
  "upstream merge": "merges the upstream repository into",
};

function what(route: string): string {
  const bot = / bot command (.+)$/s.exec(route);
  if (bot) return `tells a merge bot to merge (\`${bot[1]}\`)`;
  const label = / ((?:adds|takes off) the label .+)$/s.exec(route);
  if (label) return label[1] as string;
  if (route.endsWith(HOOK_ROUTE)) return "skips the git pre-push hook that guards protected branches";
  const graphql = /graphql (\w+)$/.exec(route);
  if (graphql) return `sends the ${graphql[1]} GraphQL mutation`;
  if (route === "gh pr merge") return "merges a pull request";
  const gerrit = gerritText(route);
  if (gerrit) return gerrit;
  const landing = landingText(route);
  if (landing) return landing;
  const api =
    / (branch merge endpoint|contents write|branch rename|commit|branch create|upstream merge)(?: to (.+))?$/.exec(
      route,
    );
  if (api) {
    const verb = API_TEXT[api[1] as string] as string;
    if (api[2]) return `${verb} ${api[2]} through the API`;
    return api[1] === "branch merge endpoint"
      ? "calls the branch merge API"
      : `${verb} a branch it does not name through the API`;
  }
  const lock = / branch protection change of (.+)$/.exec(route);
  if (lock) return `changes the protection of branch ${lock[1]} on the forge (the server-side lock)`;
  if (route.endsWith(` ${DEFAULT_BRANCH_CHANGE}`) || route.endsWith("--default-branch"))
    return "changes the repository's default branch on the forge, which its branch rules name (the server-side lock)";
  if (route.endsWith(" ruleset change"))
    return "changes the rulesets that protect branches on the forge (the server-side lock)";
  const deleted = / branch delete of (.+)$/.exec(route);
  if (deleted) return `deletes protected branch ${deleted[1]} through the API`;
  const renamed = / branch rename of (.+)$/.exec(route);
  if (renamed) return `renames protected branch ${renamed[1]} through the API`;
  if (route.endsWith(" merge endpoint")) return "calls the pull request merge API";
  const ref = / ref update of (.+)$/.exec(route);
  if (ref) return `moves protected branch ${ref[1]} through the API`;
  const push = / to (.+)$/.exec(route);
  if (push) return `pushes to protected branch ${push[1]}`;
  if (route.endsWith("--mirror") || route.endsWith("--all")) return "pushes many branches, protected ones included";
  return `takes the merge route "${route}"`;
}

function shortCommand(command: string, max = 80): string {
  const flat = command.replace(/\\\n/g, " ").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
