// The dispatcher: the one program every hookrail `[[hooks]]` entry in Kimi Code's config.toml runs
// (`<Kimi home>/hookrail/dispatch.cjs`). It reads `<guardrail>/kimi.json` in each folder beside it, runs in its own
// process every guardrail bound to the payload's event whose matcher takes the call's tool (each guardrail's
// bundle answers through `answer(input, args)` once the library flag is set; the guardrails of one build start
// their shared bundle once), and combines their answers: a refusal wins, with every refusal's reason; otherwise
// the notes are joined. Where a gate's bundle has gone, cannot start, fails or does not answer in time before a
// tool, the dispatcher refuses the call itself, naming it and the fix; any other failure (an advisory guardrail's,
// or a gate's on the prompt) is left out silently. Plain CommonJS with no dependency, written as text: the build ships it as it is.
import {
  LIBRARY_KEY,
  LIBRARY_MARK,
  READ_INPUT_SOURCE,
  SETTLE_ONCE_SOURCE,
  WRITE_ALL_SOURCE,
  withoutCommentLines,
} from "@hookrail/core";

/** The dispatcher's second line: what tells hookrail's file from anything else of that name. */
export const KIMI_DISPATCHER_MARKER = "// hookrail dispatcher for Kimi Code hooks";

/** The dispatcher as it ships: its first two lines, then its code without the comment lines, which stay here. */
export const KIMI_DISPATCHER_SOURCE = withoutCommentLines(`#!/usr/bin/env node
${KIMI_DISPATCHER_MARKER}: runs each guardrail in the folders beside it bound to the event.
"use strict";
var fs = require("fs");
var path = require("path");

var ROOT = __dirname;
var TIMEOUT_CAP_MS = 600000;

function installed() {
  var names = [];
  try { names = fs.readdirSync(ROOT).sort(); } catch (e) { return []; }
  return names.flatMap(function (name) {
    var dir = path.join(ROOT, name);
    var file = path.join(dir, "kimi.json");
    // A folder of an older hookrail (no kimi.json) runs from entries of its own.
    if (!fs.existsSync(file)) return [];
    try {
      return [{ name: name, dir: dir, settings: JSON.parse(fs.readFileSync(file, "utf8")) }];
    } catch (e) {
      // A folder whose settings cannot be read may be a gate's: it is treated as one.
      return [{ name: name, dir: dir, broken: String(e && e.message).split("\\n")[0] }];
    }
  });
}

// Kimi's matchers are regular expressions tested on the tool's name (new RegExp(matcher).test(name)).
function takes(matcher, tool) {
  if (typeof matcher !== "string") return true;
  // A payload whose tool cannot be read runs every guardrail bound to the event (a gate then judges it unreadable).
  if (tool === "") return true;
  try {
    return new RegExp(matcher).test(tool);
  } catch (e) {
    return true;
  }
}

// Each run: a guardrail and the arguments its bundle is given (a guardrail bound twice at one event runs twice).
function runs(guardrails, event, tool) {
  var out = [];
  guardrails.forEach(function (g) {
    if (g.broken) {
      if (event === "PreToolUse") out.push({ guardrail: g, args: [] });
      return;
    }
    (g.settings.bindings || []).forEach(function (b) {
      if (b && b.event === event && takes(b.matcher, tool))
        out.push({ guardrail: g, args: Array.isArray(b.args) ? b.args.map(String) : [] });
    });
  });
  return out;
}

function isGate(g) {
  return Boolean(g.broken) || g.settings.failure === "closed";
}

${SETTLE_ONCE_SOURCE}

function run(g, args, input) {
  if (g.broken) return Promise.resolve({ failed: "its settings cannot be read (" + g.broken + ")" });
  var file = path.join(g.dir, String(g.settings.bundle));
  if (!fs.existsSync(file)) return Promise.resolve({ failed: "missing", missing: file });
  var ms = Math.min(TIMEOUT_CAP_MS, (Number(g.settings.timeoutSeconds) || 10) * 1000);
  // Only a bundle that says it answers in its caller's process is required here: any other would run as a
  // program inside the dispatcher (and print to its stdout).
  if (!answersHere(file))
    return Promise.resolve({ failed: "its bundle does not answer in the dispatcher's process: it is from another hookrail" });
  var loaded;
  try {
    globalThis[Symbol.for(${JSON.stringify(LIBRARY_KEY)})] = true;
    loaded = require(file);
  } catch (e) {
    return Promise.resolve({ failed: "it cannot start (" + String(e && e.message).split("\\n")[0] + ")" });
  }
  if (!loaded || typeof loaded.answer !== "function")
    return Promise.resolve({ failed: "its bundle does not answer in the dispatcher's process: it is from another hookrail" });
  return new Promise(function (resolve) {
    var finish = settleOnce(resolve, ms);
    Promise.resolve()
      .then(function () { return loaded.answer(input, args); })
      .then(
        function (a) {
          if (a && typeof a.exitCode === "number") finish({ answer: a });
          else finish({ failed: "it ended without an answer" });
        },
        function (e) { finish({ failed: "it failed (" + String(e && e.message).split("\\n")[0] + ")" }); },
      );
  });
}

// The bundle's second line says so (the build's mark).
function answersHere(file) {
  try {
    var fd = fs.openSync(file, "r");
    try {
      var buffer = Buffer.alloc(512);
      var head = buffer.toString("utf8", 0, fs.readSync(fd, buffer, 0, 512, 0));
      return (head.split("\\n")[1] || "").indexOf(${JSON.stringify(LIBRARY_MARK)}) !== -1;
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    return false;
  }
}

function failureReason(g, r) {
  if (r.missing)
    return g.name + ": blocked because its hook file " + r.missing + " is missing, so nothing was checked." +
      " Run npx hookrail update to put it back, then retry.";
  return g.name + ": blocked because its hook failed (" + r.failed + "), so nothing was checked." +
    " Run npx hookrail doctor to see why, then retry.";
}

// A refusal's reason in an answer: PreToolUse's deny JSON, or exit 2 and the reason on stderr.
function refusalIn(a) {
  if (a.exitCode === 2) return a.stderr.trim() || "blocked by hookrail";
  if (a.exitCode !== 0) return undefined;
  var text = a.stdout.trim();
  if (text.charAt(0) !== "{") return undefined;
  try {
    var out = JSON.parse(text).hookSpecificOutput;
    if (out && out.permissionDecision === "deny") return String(out.permissionDecisionReason || "blocked by hookrail");
  } catch (e) {}
  return undefined;
}

// Kimi's answer for the call: before a tool, a deny in hookSpecificOutput (exit 0); elsewhere exit 2 and the reasons
// on stderr. Nothing refused: the notes, each as its guardrail printed it (Kimi drops what a tool's hook prints).
function combine(event, refusals, answers) {
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
}

function main(input) {
  var payload;
  try { payload = JSON.parse(input); } catch (e) { payload = undefined; }
  var event = payload && typeof payload.hook_event_name === "string" ? payload.hook_event_name : "";
  var tool = payload && typeof payload.tool_name === "string" ? payload.tool_name : "";
  // A payload that names no event is judged by every gate bound before a tool, which refuses what it cannot read.
  var here = runs(installed(), event || "PreToolUse", tool);
  return Promise.all(here.map(function (r) { return run(r.guardrail, r.args, input); })).then(function (results) {
    var refusals = [];
    var answers = [];
    // A gate's failure refuses where the gate decides an action: before a tool. Elsewhere (the prompt, a tool's
    // result) it is left out, as an advisory guardrail's is everywhere.
    var decides = (event || "PreToolUse") === "PreToolUse";
    results.forEach(function (r, i) {
      var g = here[i].guardrail;
      if (r.failed) {
        if (decides && isGate(g)) refusals.push(failureReason(g, r));
        return;
      }
      var reason = refusalIn(r.answer);
      if (reason !== undefined) refusals.push(reason);
      else if (r.answer.exitCode === 0) answers.push(r.answer);
      else if (decides && isGate(g))
        refusals.push(failureReason(g, { failed: "it answered with exit " + r.answer.exitCode }));
    });
    return combine(event || "PreToolUse", refusals, answers);
  });
}

${READ_INPUT_SOURCE}

${WRITE_ALL_SOURCE}

// The answer, whole, then exit: a guardrail run in this process may leave a timer behind (one that did not answer in
// time).
function answerAndExit(a) {
  if (a.stderr) writeAll(2, a.stderr);
  if (a.stdout) writeAll(1, a.stdout);
  process.exit(a.exitCode);
}

readInput(function (input) {
  Promise.resolve().then(function () { return main(input); }).then(
    answerAndExit,
    function (e) {
      // The dispatcher's own failure: refuse where a gate is bound before the tool, else let the call run.
      var event = "";
      try { event = String(JSON.parse(input).hook_event_name || ""); } catch (x) {}
      var gate = (event === "" || event === "PreToolUse") && installed().some(isGate);
      var reason = "hookrail: blocked because the Kimi Code hook dispatcher failed (" + String(e && e.message) + "), so nothing was checked.";
      answerAndExit(gate ? combine("PreToolUse", [reason], []) : { exitCode: 0, stdout: "", stderr: "" });
    },
  );
});
`);
