// The dispatcher: the one hook file per event that hookrail installs in a Cline hooks folder (`PreToolUse`,
// `PostToolUse`, …). Cline runs one file per event name and folder, so every guardrail installed there shares it:
// it reads `hookrail/<guardrail>/cline.json` beside itself, runs each guardrail bound to its event (its name is
// the file's) in parallel with the payload on stdin, and combines their answers, the most restrictive winning
// (cancel, then the first refusal, with every guardrail's context joined). Cline reads only JSON and lets a call
// run on anything else, so the dispatcher always prints JSON, and where a gate's bundle crashes, times out or
// prints nothing readable before a tool it refuses the call itself (refusal.ts's answer; a bundle that has gone is named, with
// `npx hookrail update`, the command that puts it back); an advisory guardrail that fails is
// left out silently. Each guardrail runs in the dispatcher's own process where it can (its bundle, or in a project its
// project's one copy, answering through \`answer\`: core's project-hooks.ts), so the guardrails bound to one call
// cost one Node start between them; an older bundle runs as a child process. Plain CommonJS with no dependency,
// written as text: the build ships it as it is.
import {
  FIND_PROJECT_COPY_SOURCE,
  LIBRARY_KEY,
  LIBRARY_MARK,
  PROJECT_HOOK_MARK,
  READ_INPUT_SOURCE,
  SETTLE_ONCE_SOURCE,
  WRITE_ALL_SOURCE,
  withoutCommentLines,
} from "@hookrail/core";
import {
  CLINE_EDIT_TOOL,
  CLINE_MCP_SEPARATOR,
  CLINE_REFUSE_FLAG,
  CLINE_SHELL_TOOL,
  DISPATCHER_MARKER,
} from "./dialect.ts";

/**
 * The dispatcher as it ships: its first two lines (the shebang and the marker the installer reads), then its code
 * without the comment lines, which stay here. Six copies go into a project (three events, three guardrails).
 */
export const DISPATCHER_SOURCE = withoutCommentLines(`#!/usr/bin/env node
${DISPATCHER_MARKER}: runs each guardrail in ./hookrail/ bound to this file's event.
"use strict";
var fs = require("fs");
var path = require("path");

var EVENT = path.basename(__filename).replace(/\\.[^.]*$/, "");
var ROOT = path.join(__dirname, "hookrail");
var TIMEOUT_CAP_MS = 100000;

function installed() {
  var names = [];
  try { names = fs.readdirSync(ROOT).sort(); } catch (e) { return []; }
  return names.map(function (name) {
    var dir = path.join(ROOT, name);
    try {
      var settings = JSON.parse(fs.readFileSync(path.join(dir, "cline.json"), "utf8"));
      return { name: name, dir: dir, settings: settings };
    } catch (e) {
      // A folder whose settings cannot be read may be a gate's: it is treated as one.
      return { name: name, dir: dir, broken: String(e && e.message).split("\\n")[0] };
    }
  });
}

function boundHere(guardrail, toolName) {
  if (guardrail.broken) return EVENT.toLowerCase() === "pretooluse";
  var events = guardrail.settings.events || {};
  var tools = Object.prototype.hasOwnProperty.call(events, EVENT) ? events[EVENT] : undefined;
  if (tools === undefined) return false;
  // A payload whose call cannot be read runs every guardrail bound to the event (a gate then judges it unreadable).
  if (tools === true || toolName === "" || (Array.isArray(tools) && tools.indexOf(toolName) !== -1)) return true;
  // An MCP tool (<server>__<tool>), for a guardrail that watches them at this event.
  var mcp = guardrail.settings.mcp;
  return Array.isArray(mcp) && mcp.indexOf(EVENT) !== -1 && toolName.indexOf(${JSON.stringify(CLINE_MCP_SEPARATOR)}) > 0;
}

function shellQuote(text) {
  return "'" + text.replace(/'/g, "'\\\\''") + "'";
}

function refusal(payload, reason) {
  var call = payload && payload.tool_call;
  var tool = call && typeof call.name === "string" ? call.name : "";
  var id = call && typeof call.id === "string" ? call.id : "";
  if (tool === ${JSON.stringify(CLINE_EDIT_TOOL)}) {
    return { overrideInput: { path: "", new_text: "refused by hookrail: " + id }, contextModification: reason };
  }
  if (tool !== ${JSON.stringify(CLINE_SHELL_TOOL)}) return { cancel: true, errorMessage: reason };
  var script = "printf '%s\\\\n' " + shellQuote(reason) + " >&2; exit 1 # refused by hookrail: " + shellQuote(id);
  return { overrideInput: { commands: [script] }, contextModification: reason };
}

function readAnswer(stdout) {
  var lines = stdout.split("\\n");
  var control = lines.filter(function (l) { return l.indexOf("HOOK_CONTROL\\t") === 0; });
  var text = control.length ? control[control.length - 1].slice(13) : stdout.trim();
  try {
    var answer = JSON.parse(text);
    return answer && typeof answer === "object" && !Array.isArray(answer) ? answer : undefined;
  } catch (e) {
    return undefined;
  }
}

// Where this process can run a guardrail itself, so the guardrails bound to one call share one process: a project
// install's hook file runs the project's one copy (its \`answer(cli, input, args)\`); a bundle that says it answers
// in its caller's process exports \`answer(input, args)\` once the library flag is set. Anything else (an older
// bundle, a copy that is missing or has no \`answer\`) runs as a child.
function inProcess(guardrail, file) {
  var head = "";
  try {
    var fd = fs.openSync(file, "r");
    try {
      var buffer = Buffer.alloc(512);
      head = buffer.toString("utf8", 0, fs.readSync(fd, buffer, 0, 512, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    return undefined;
  }
  var lines = head.split("\\n");
  if (lines[0].indexOf(${JSON.stringify(PROJECT_HOOK_MARK)}) !== -1) {
    var copy;
    try {
      copy = findProjectCopy(fs, path, guardrail.dir, guardrail.name);
    } catch (e) {
      copy = undefined;
    }
    return copy && { file: copy, answer: function (m, input) { return m.answer("cline", input, []); } };
  }
  if ((lines[1] || "").indexOf(${JSON.stringify(LIBRARY_MARK)}) !== -1)
    return { file: file, answer: function (m, input) { return m.answer(input, []); } };
  return undefined;
}

function runHere(target, input, ms, inChild) {
  var loaded;
  try {
    globalThis[Symbol.for(${JSON.stringify(LIBRARY_KEY)})] = true;
    loaded = require(target.file);
  } catch (e) {
    return Promise.resolve({ failed: "it cannot start (" + String(e && e.message).split("\\n")[0] + ")" });
  }
  if (!loaded || typeof loaded.answer !== "function") return inChild();
  return new Promise(function (resolve) {
    var finish = settleOnce(resolve, ms);
    Promise.resolve()
      .then(function () { return target.answer(loaded, input); })
      .then(
        function (result) {
          var out = String((result && result.stdout) || "");
          var answer = readAnswer(out);
          if (answer) finish({ answer: answer });
          else finish({ failed: out.trim() ? "it printed no JSON answer" : "it ended without an answer" });
        },
        function (e) { finish({ failed: "it failed (" + String(e && e.message).split("\\n")[0] + ")" }); },
      );
  });
}

${SETTLE_ONCE_SOURCE}

function run(guardrail, input) {
  if (guardrail.broken) return Promise.resolve({ failed: "its settings cannot be read (" + guardrail.broken + ")" });
  var s = guardrail.settings;
  var file = path.join(guardrail.dir, String(s.bundle));
  if (!fs.existsSync(file)) return Promise.resolve({ failed: "missing", missing: file });
  var ms = Math.min(TIMEOUT_CAP_MS, (Number(s.timeoutSeconds) || 10) * 1000);
  var target = inProcess(guardrail, file);
  if (target) return runHere(target, input, ms, function () { return runChild(file, input, ms); });
  return runChild(file, input, ms);
}

function runChild(file, input, ms) {
  return new Promise(function (resolve) {
    var out = "";
    var child;
    var finish = settleOnce(resolve, ms, function () {
      try { child.kill("SIGKILL"); } catch (e) {}
    });
    try {
      // Required here only: most calls run every guardrail in this process, and the module costs a few ms to load.
      child = require("child_process").spawn(process.execPath, [file], {
        stdio: ["pipe", "pipe", "ignore"],
      });
    } catch (e) {
      return finish({ failed: "it cannot start (" + String(e && e.message) + ")" });
    }
    child.on("error", function (e) { finish({ failed: "it cannot start (" + String(e && e.message) + ")" }); });
    child.stdout.on("data", function (d) { out += d; });
    child.on("close", function (code) {
      var answer = readAnswer(out);
      if (answer) finish({ answer: answer });
      else finish({ failed: out.trim() ? "it printed no JSON answer" : "it ended (exit " + code + ") without an answer" });
    });
    child.stdin.on("error", function () {});
    child.stdin.end(input);
  });
}

function failureReason(guardrail, result) {
  if (result.missing)
    return guardrail.name + ": blocked because its hook file " + result.missing + " is missing, so nothing was checked." +
      " Run npx hookrail update to put it back, then retry.";
  var why = result.failed;
  return guardrail.name + ": blocked because its hook failed (" + why + "), so nothing was checked." +
    " Run npx hookrail doctor to see why, then retry.";
}

function combine(results, payload) {
  var contexts = [];
  var errors = [];
  var cancel = false;
  var override;
  results.forEach(function (r) {
    var a = r.answer;
    if (!a) return;
    if (a.cancel === true) cancel = true;
    if (a.overrideInput !== undefined && override === undefined) override = a.overrideInput;
    [a.contextModification, a.context].forEach(function (c) { if (typeof c === "string" && c) contexts.push(c); });
    if (typeof a.errorMessage === "string" && a.errorMessage) errors.push(a.errorMessage);
  });
  var answer = {};
  if (cancel) answer.cancel = true;
  else if (override !== undefined) answer.overrideInput = override;
  if (contexts.length) answer.contextModification = contexts.join("\\n\\n");
  if (errors.length) answer.errorMessage = errors.join("\\n\\n");
  return answer;
}

function main(input) {
  var payload;
  try { payload = JSON.parse(input); } catch (e) { payload = undefined; }
  var tool = payload && payload.tool_call && typeof payload.tool_call.name === "string" ? payload.tool_call.name : "";
  var here = installed().filter(function (g) { return boundHere(g, tool); });
  // A gate's failure refuses where the gate decides an action: before a tool. Elsewhere (a prompt, a task's start,
  // a tool's result) it is left out, as an advisory guardrail's is everywhere.
  var decides = EVENT.toLowerCase() === "pretooluse";
  var gates = here.filter(function (g) { return decides && (g.broken || g.settings.failure === "closed"); });
  return Promise.all(here.map(function (g) { return run(g, input); })).then(function (results) {
    var refusals = [];
    var answered = [];
    results.forEach(function (r, i) {
      if (r.failed && gates.indexOf(here[i]) !== -1) refusals.push({ answer: refusal(payload, failureReason(here[i], r)) });
      // A refusal written before the guardrail knew the call (it could not start, or read the event): this call's.
      else if (r.answer && r.answer.${CLINE_REFUSE_FLAG} === true) refusals.push({ answer: refusal(payload, String(r.answer.errorMessage || here[i].name + ": blocked")) });
      else answered.push(r);
    });
    return combine(refusals.concat(answered), payload);
  });
}

${FIND_PROJECT_COPY_SOURCE}

${READ_INPUT_SOURCE}

${WRITE_ALL_SOURCE}

// The answer, whole, then exit: a guardrail run in this process may leave a timer behind (one that did not answer in
// time).
function answerAndExit(answer) {
  writeAll(1, JSON.stringify(answer) + "\\n");
  process.exit(0);
}

readInput(function (input) {
  Promise.resolve().then(function () { return main(input); }).then(
    answerAndExit,
    function (e) {
      // The dispatcher's own failure: refuse when a gate may be bound here, else let the call run.
      var payload;
      try { payload = JSON.parse(input); } catch (x) { payload = undefined; }
      var gate = EVENT.toLowerCase() === "pretooluse";
      var reason = "hookrail: blocked because the Cline hook dispatcher failed (" + String(e && e.message) + "), so nothing was checked.";
      answerAndExit(gate ? refusal(payload, reason) : {});
    },
  );
});
`);
