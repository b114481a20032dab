// Approval mode "review", I/O: GitHub asked, at the moment of a marked merge, what it records about the pull
// request: one `gh pr view <N> --json reviewDecision,reviews,statusCheckRollup,headRefOid` with the user's own
// gh login, a short timeout, and node:child_process loaded only then (never on the hot path).
import { builtin } from "@hookrail/core";
import { type Analysis, isBlocked } from "../analysis/index.ts";
import type { GitHubAnswer } from "./review-check.ts";
import { type ReviewTarget, reviewQuestion } from "./review-target.ts";

/** Well inside the hook's 5 s deadline: the analysis runs first, and the answer must still be rendered. */
export const GITHUB_TIMEOUT_MS = 3000;
const FIELDS = "reviewDecision,reviews,statusCheckRollup,headRefOid";

/** GitHub's answer for a command whose only finding is a marked pull request merge; undefined: nothing to ask. */
export async function githubReviewFor(
  analysis: Analysis,
  command: string,
  where: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<GitHubAnswer | undefined> {
  if (analysis.findings.length === 0 || isBlocked(analysis)) return undefined;
  const question = reviewQuestion(analysis, command);
  return "ask" in question ? askGitHub(question.ask, where) : undefined;
}

/** The gh command line for a target (the current branch's pull request also needs its number back). */
export function ghArgs(target: ReviewTarget): string[] {
  const fields = target.pr === undefined ? `number,${FIELDS}` : FIELDS;
  return [
    "pr",
    "view",
    ...(target.pr !== undefined ? [target.pr] : []),
    ...(target.repo ? ["-R", target.repo] : []),
    "--json",
    fields,
  ];
}

export async function askGitHub(
  target: ReviewTarget,
  where: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<GitHubAnswer> {
  const args = ghArgs(target);
  // gh must never wait on a prompt or print colour, a spinner or an update notice into the answer.
  const env = {
    ...where.env,
    GH_PROMPT_DISABLED: "1",
    GH_NO_UPDATE_NOTIFIER: "1",
    NO_COLOR: "1",
    GH_SPINNER_DISABLED: "1",
  };
  try {
    const { execFile } = builtin<typeof import("node:child_process")>("node:child_process");
    return await new Promise<GitHubAnswer>((done) => {
      execFile(
        "gh",
        args,
        {
          cwd: where.cwd,
          env,
          encoding: "utf8",
          timeout: GITHUB_TIMEOUT_MS,
          maxBuffer: 8 * 1024 * 1024,
          windowsHide: true,
        },
        (error, stdout, stderr) => {
          const said =
            firstLine(typeof stderr === "string" ? stderr : "") || firstLine(typeof stdout === "string" ? stdout : "");
          const shown = `\`gh ${args.join(" ")}\``;
          if (error?.killed) done({ failed: `no answer within ${GITHUB_TIMEOUT_MS / 1000} s to ${shown}` });
          else if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT")
            done({ failed: `gh is not installed (${shown})` });
          else if (error) done({ failed: `${shown} failed${said ? `: ${said}` : ""}` });
          else done(parse(stdout, shown));
        },
      );
    });
  } catch (error) {
    return { failed: `gh could not be started (${(error as Error).message})` };
  }
}

function parse(stdout: string, shown: string): GitHubAnswer {
  try {
    return { json: JSON.parse(stdout) };
  } catch {
    return { failed: `${shown} printed something that is not JSON: ${firstLine(stdout) || "nothing"}` };
  }
}

const firstLine = (text: string) => text.trim().split("\n")[0]?.trim().slice(0, 200) ?? "";
