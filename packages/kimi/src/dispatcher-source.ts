// The dispatcher: the one program every hookrail `[[hooks]]` entry in Kimi Code's config.toml runs
// (`<Kimi home>/hookrail/dispatch.cjs`), core's scope dispatcher with Kimi's answers (its matchers are regular
// expressions tested on the tool's name, new RegExp(matcher).test(name): the scope dispatcher's own test). It runs every
// guardrail whose `kimi.json` binds it to the payload's event and tool in its own process and combines their
// answers: a refusal wins with every reason (the deny JSON before a tool, exit 2 elsewhere), notes are joined.
import { scopeDispatcherSource } from "@hookrail/core";

/** The dispatcher's second line: what tells hookrail's file from anything else of that name. */
export const KIMI_DISPATCHER_MARKER = "// hookrail dispatcher for Kimi Code hooks";

// Kimi's answer for the call: before a tool, a deny in hookSpecificOutput (exit 0); elsewhere exit 2 and the reasons
// on stderr. Nothing refused: the notes, each as its guardrail printed it (Kimi drops what a tool's hook prints).
const COMBINE = `function combine(event, refusals, answers) {
  if (refusals.length) {
    var reason = refusals.join("\\n\\n");
    if (event === "PreToolUse")
      return {
        exitCode: 0,
        stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } }) + "\\n",
        stderr: "",
      };
    return { exitCode: 2, stdout: "", stderr: reason + "\\n" };
  }
  var notes = answers
    .map(function (a) { return a.stdout.replace(/\\s+$/, ""); })
    .filter(function (text) { return text !== ""; });
  return { exitCode: 0, stdout: notes.length ? notes.join("\\n\\n") + "\\n" : "", stderr: "" };
}`;

/** The dispatcher as it ships. */
export const KIMI_DISPATCHER_SOURCE = scopeDispatcherSource({
  marker: KIMI_DISPATCHER_MARKER,
  title: "Kimi Code",
  settingsFile: "kimi.json",
  beforeTool: "PreToolUse",
  timeoutCapMs: 600000,
  combineSource: COMBINE,
});
