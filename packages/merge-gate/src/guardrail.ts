// The merge gate as a guardrail: a gate, so it fails closed.
import { PLACES } from "@hookrail/clis/places";
import { allow, defineGuardrail, deny, HookrailError, note, sectionOptions, tookPath } from "@hookrail/core";
import { skipsAnalysis } from "./analysis/prefilter.ts";
import { quickSessionLook } from "./analysis/session-quick.ts";
import { consumeApprovals, grantedApprovals, recordPromptApprovals } from "./approval/approval-state.ts";
import { approvalsInPrompt, checkUserApprovals, describeApproval, runsGateHook } from "./approval/user-approvals.ts";
import {
  fileToolTargets,
  gatherFacts,
  gitHooksPathWrite,
  inTestFixtures,
  leavesHooksAlone,
  protectedPaths,
  withRealPaths,
} from "./facts.ts";
import { fileWriteDecision, hooksPathDecision } from "./file-decision.ts";
import { mergeGateOptions, mergeGateSettings } from "./options.ts";

// What only some calls need is imported when one does. esbuild sets up a module imported this way (with what only it
// imports) on its first import, so the hook's most common call, a shell command the prefilter clears, never sets up
// the shell parser, the analysers' tables, the MCP tables or the decision's texts, and a code cache made by such calls
// holds none of them (docs/development.md, Benchmarks).
const loadAnalysis = () => import("./analysis/analyze-command.ts");
const loadDecision = () => import("./decide.ts");
const loadMcpGate = () => import("./mcp/gate.ts");
const loadSessionLook = () => import("./analysis/session-look.ts");
const loadSessions = () => import("./analysis/interactive-session.ts");
const loadGithubReview = () => import("./approval/github-review.ts");

export const mergeGate = defineGuardrail({
  name: "merge-gate",
  failure: "closed",
  async decide(event, context) {
    if (event.kind === "other") {
      throw new HookrailError("input", `unknown event "${event.nativeEvent}"; the merge gate only reads tool calls`);
    }
    if (event.kind === "prompt") {
      // Approval mode "user": the user's own prompt is the only place an approval comes from.
      const options = mergeGateSettings(context);
      if (!options.enabled || options.approval !== "user" || !event.sessionId) return allow();
      // Qwen Code sends an empty prompt before every model turn that follows tool results: nobody typed it, so
      // it neither gives nor takes back an approval.
      if (event.prompt.trim() === "") return allow();
      const approvals = approvalsInPrompt(event.prompt);
      recordPromptApprovals(context, event.sessionId, approvals);
      if (approvals.length === 0) return allow();
      const list = approvals.map(describeApproval).join(", ");
      return note(
        `merge-gate: the user approved (${list}) for one use each within 30 minutes; run that merge with MERGE_APPROVED=1 in front.`,
        `merge-gate: recorded ${list}`,
      );
    }
    if (event.kind !== "before-tool") return allow();
    const options = mergeGateSettings(context);
    context.trace?.note(
      options.enabled ? `approval mode: ${options.approval}` : "the merge gate is switched off in the user config",
    );
    if (!options.enabled) return allow();
    const { tool } = event;
    // The CLI's own tools that run no command and write no file (named by adapters whose hooks see every tool).
    if (tool.kind === "read-only") return allow();
    // A shell call may name the folder it runs in (Gemini's dir_path, Qwen's directory); relative paths start there.
    const dir = tool.workdir ?? "";
    let places = protectedPaths(context.env, dir ? resolvePath(event.cwd, dir) : event.cwd);
    // A tool we do not know may still run a command: read it if it has one, block it if it may run or land work.
    // Its reading is loaded for such a call alone: the code cache is told, so that it comes to hold it.
    if (tool.kind === "other") tookPath("named-tool");
    const mcp = tool.kind === "other" ? await loadMcpGate() : undefined;
    const unknown = mcp?.judgeUnknownTool(tool.name, tool.input, event, context, options);
    // A forge tool's paths are in the forge's repository, not on this machine.
    const remote = unknown && "call" in unknown && unknown.call.known && unknown.call.known.forge !== "git";
    // A file tool cannot carry the marker: a write to a protected file is the user's to make.
    const files =
      tool.kind === "other" ? (remote ? [] : pathFields(tool.input)) : tool.kind === "shell" ? [] : tool.filePaths;
    if (files.length > 0) {
      places = withRealPaths(places);
      // A settings edit that leaves the hook-deciding keys alone, and a CLI's files in the project's test data, are
      // everyday work (a shell write's result cannot be known: those stay blocked).
      const harmless = (file: string) => inTestFixtures(file, event.cwd) || leavesHooksAlone(file, tool.input, places);
      const targets = fileToolTargets(files, places);
      const written = fileWriteDecision(targets, places, harmless);
      if (written.type !== "allow") return written;
      const gitConfig = gitHooksPathWrite(targets, tool.input, places);
      if (gitConfig) return hooksPathDecision(gitConfig);
    }
    if (tool.kind !== "shell" && tool.kind !== "other") return allow();
    if (mcp && unknown && unknown.kind !== "command") {
      return mcp.unknownToolDecision(tool.name, unknown, event, context, options);
    }
    const command = unknown?.kind === "command" ? unknown.command : (tool.command ?? "");
    // CLIs that type into a running session (Codex's write_stdin, Copilot's write_bash): Codex shows no hook what it types
    // (measured in Codex 0.169), and what a REPL reads is code, not a command line. Start each command on its own.
    // The cheap looks first: the first is set up with the hook, and only a line it cannot clear loads the rules' looks;
    // only a line those cannot clear loads the full reading (and the parser).
    const dialect = tool.kind === "shell" ? tool.dialect : undefined;
    if (
      typesIntoSessions(event.cli) &&
      (quickSessionLook(command, dialect) ??
        (await loadSessionLook()).sessionLook(command, dialect) ??
        (await loadSessions()).readsAsSession(command, dialect))
    ) {
      return deny(
        "merge-gate: blocked. This starts an interactive session (a shell, a REPL, a database or container shell, a " +
          `remote login, a terminal multiplexer or an editor). In ${PLACES[event.cli].title}, what is typed into a running session later cannot be checked by the merge gate, so such ` +
          "sessions are not allowed while it is installed. Run each command as a command of its own instead " +
          "(`bash -c '…'`, `psql -c '…'`, `docker compose exec api <command>`)",
      );
    }
    if (options.approval === "user" && runsGateHook(command)) {
      return deny(
        "merge-gate: blocked. This command runs the merge gate's own hook, which could record an approval the user never gave (approval mode user). Leave the hook to the CLI",
      );
    }
    const facts = {
      ...gatherFacts(command, event, context, options),
      protectedPaths: places,
      review: options.approval === "review",
    };
    const { trace } = context;
    // The analysis's own first step, taken before it is loaded: a traced line is analysed in full (explain), and
    // an untraced one the step cannot clear goes on to the rest of the analysis without taking it again.
    const look = skipsAnalysis(command, facts);
    if (!trace && look.skips) return allow();
    const [{ analyzeCommand, analyzeFully }, { mergeGateDecision }] = await Promise.all([
      loadAnalysis(),
      loadDecision(),
    ]);
    const analyse = () =>
      trace ? analyzeCommand(command, facts, trace) : analyzeFully(command, facts, undefined, look.wrappers);
    trace?.note(`protected branches: ${facts.protectedBranches.join(", ")}`);
    let analysis = analyse();
    // The analysis reads the checkouts it meets from .git's files; git itself answers what those cannot tell,
    // and then the command is analysed again with those answers.
    if (await facts.askGit()) {
      trace?.restart();
      analysis = analyse();
    }
    if (options.approval === "review" && analysis.findings.length > 0) {
      // Mode review: GitHub is asked only here, for a command whose only finding is a marked pull request merge.
      const { githubReviewFor } = await loadGithubReview();
      const githubReview = await githubReviewFor(analysis, command, { cwd: facts.cwd ?? event.cwd, env: context.env });
      return mergeGateDecision(analysis, { ...facts, ...(githubReview ? { githubReview } : {}) }, options);
    }
    if (options.approval === "user" && analysis.findings.length > 0) {
      const userApprovals = event.sessionId ? grantedApprovals(context, event.sessionId) : [];
      const user = { approval: "user" } as const;
      const decision = mergeGateDecision(analysis, { ...facts, userApprovals }, user);
      if (decision.type !== "allow") return decision;
      // Allowed: use the approvals up, unless another call got there first.
      const check = checkUserApprovals(analysis.findings, userApprovals);
      if (check.ok && consumeApprovals(context, event.sessionId, check.used)) return decision;
      return mergeGateDecision(analysis, { ...facts, userApprovals: [] }, user);
    }
    return mergeGateDecision(analysis, facts, options);
  },
  // The protected branches it checks: the top-level ones and its own.
  settings(config) {
    const options = sectionOptions(config, mergeGateOptions);
    return { ...options, protectedBranches: [...new Set([...config.protectedBranches, ...options.protectedBranches])] };
  },
});

// CLIs whose agent can type into a session a command started (Codex's write_stdin, Copilot's write_bash).
const typesIntoSessions = (cli: string): boolean =>
  Object.hasOwn(PLACES, cli) && PLACES[cli as keyof typeof PLACES].typesIntoSessions === true;

const resolvePath = (cwd: string, dir: string) => (dir.startsWith("/") ? dir : `${cwd}/${dir}`);

/** The path fields of a tool we do not know (`file_path`, `path`, `notebook_path`). */
function pathFields(input: Record<string, unknown>): string[] {
  return [input.file_path, input.path, input.notebook_path].filter(
    (p): p is string => typeof p === "string" && p !== "",
  );
}
