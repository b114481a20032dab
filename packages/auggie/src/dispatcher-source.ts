// The dispatcher: the one program every hookrail group in an Auggie settings.json runs
// (`.augment/hookrail/dispatch.cjs` of the scope), core's scope dispatcher with Auggie's matchers and answers. It runs
// every guardrail whose `auggie.json` binds it to the payload's event and tool in its own process and combines
// their answers: before a tool a refusal wins with every reason (the deny JSON, which Auggie reads at exit 0);
// elsewhere nothing blocks in Auggie, so a refusal is said to the user; notes are joined into one answer.
import { scopeDispatcherSource } from "@hookrail/core";

/** The dispatcher's second line: what tells hookrail's file from anything else of that name. */
export const AUGGIE_DISPATCHER_MARKER = "// hookrail dispatcher for Auggie hooks";

// Auggie's matchers (measured on 0.36.0): an unanchored regular expression tested on the tool's name, which never
// matches an MCP tool (flagged `is_mcp_tool`), and `mcp:<regex>` for MCP tools alone.
const TAKES = `function takes(matcher, tool, payload) {
  var forMcp = matcher.indexOf("mcp:") === 0;
  if (typeof payload.is_mcp_tool === "boolean" && payload.is_mcp_tool !== forMcp) return false;
  return matches(forMcp ? matcher.slice(4) : matcher, tool);
}`;

// Auggie's answer for the call. Refused before a tool: the deny in hookSpecificOutput; elsewhere the reasons as the
// user's message. Nothing refused: one answer alone as its guardrail printed it; several joined, each JSON answer's
// context and message (Auggie reads one JSON object), any other text as context.
const COMBINE = `function combine(event, refusals, answers) {
  if (refusals.length) {
    var reason = refusals.join("\\n\\n");
    var out = event === "PreToolUse"
      ? { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } }
      : { systemMessage: reason };
    return { exitCode: 0, stdout: JSON.stringify(out) + "\\n", stderr: "" };
  }
  var printed = answers.filter(function (a) { return a.stdout.trim() !== ""; });
  if (printed.length < 2) return { exitCode: 0, stdout: printed.length ? printed[0].stdout : "", stderr: "" };
  var context = [];
  var messages = [];
  printed.forEach(function (a) {
    var value;
    try { value = JSON.parse(a.stdout); } catch (e) { value = undefined; }
    if (!value || typeof value !== "object") return context.push(a.stdout.trim());
    var own = value.hookSpecificOutput;
    if (own && typeof own.additionalContext === "string") context.push(own.additionalContext);
    if (typeof value.systemMessage === "string") messages.push(value.systemMessage);
  });
  var joined = {};
  if (context.length) joined.hookSpecificOutput = { hookEventName: event, additionalContext: context.join("\\n\\n") };
  if (messages.length) joined.systemMessage = messages.join("\\n\\n");
  return { exitCode: 0, stdout: context.length || messages.length ? JSON.stringify(joined) + "\\n" : "", stderr: "" };
}`;

/** The dispatcher as it ships. */
export const AUGGIE_DISPATCHER_SOURCE = scopeDispatcherSource({
  marker: AUGGIE_DISPATCHER_MARKER,
  projectCli: "auggie",
  title: "Auggie",
  settingsFile: "auggie.json",
  beforeTool: "PreToolUse",
  timeoutCapMs: 600000,
  takesSource: TAKES,
  combineSource: COMBINE,
});
