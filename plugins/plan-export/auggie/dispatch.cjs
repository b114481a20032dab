#!/usr/bin/env node
// hookrail dispatcher for Auggie hooks: runs each guardrail in the folders beside it bound to the event.
"use strict";
var fs = require("fs");
var path = require("path");

var ROOT = __dirname;
var TIMEOUT_CAP_MS = 600000;
var BEFORE_TOOL = "PreToolUse";

function installed() {
  var names = [];
  try { names = fs.readdirSync(ROOT).sort(); } catch (e) { return []; }
  return names.flatMap(function (name) {
    var dir = path.join(ROOT, name);
    var file = path.join(dir, "auggie.json");
    if (!fs.existsSync(file)) return [];
    try {
      var settings = JSON.parse(fs.readFileSync(file, "utf8"));
      if (settings && typeof settings.guardrail === "string" && settings.guardrail !== name) return [];
      return [{ name: name, dir: dir, settings: settings }];
    } catch (e) {
      return [{ name: name, dir: dir, broken: String(e && e.message).split("\n")[0] }];
    }
  });
}

function matches(pattern, tool) {
  try {
    return new RegExp(pattern).test(tool);
  } catch (e) {
    return true;
  }
}

function takes(matcher, tool, payload) {
  var forMcp = matcher.indexOf("mcp:") === 0;
  if (typeof payload.is_mcp_tool === "boolean" && payload.is_mcp_tool !== forMcp) return false;
  return matches(forMcp ? matcher.slice(4) : matcher, tool);
}

function runs(guardrails, event, payload) {
  var tool = payload && typeof payload.tool_name === "string" ? payload.tool_name : "";
  var out = [];
  guardrails.forEach(function (g) {
    if (g.broken) {
      if (event === BEFORE_TOOL) out.push({ guardrail: g, args: [] });
      return;
    }
    (g.settings.bindings || []).forEach(function (b) {
      if (b && b.event === event && (typeof b.matcher !== "string" || tool === "" || takes(b.matcher, tool, payload)))
        out.push({ guardrail: g, args: Array.isArray(b.args) ? b.args.map(String) : [] });
    });
  });
  return out;
}

function isGate(g) {
  return Boolean(g.broken) || g.settings.failure === "closed";
}

function settleOnce(resolve, ms, onTimeout) {
  var done = false;
  var timer = setTimeout(function () {
    if (onTimeout) onTimeout();
    finish({ failed: "it did not answer within " + ms / 1000 + " s" });
  }, ms);
  function finish(result) {
    if (done) return;
    done = true;
    clearTimeout(timer);
    resolve(result);
  }
  return finish;
}

function findProjectCopy(fs, path, from, guardrail) {
  const copyIn = (dir) => path.join(dir, ".hookrail", "hooks", guardrail, guardrail + ".cjs");
  let nearest;
  for (let dir = from, up = 0; up < 16; up++) {
    if (fs.existsSync(path.join(dir, ".git"))) return fs.existsSync(copyIn(dir)) ? copyIn(dir) : undefined;
    if (!nearest && fs.existsSync(copyIn(dir))) nearest = copyIn(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return nearest;
}

function answerer(g, file, args) {
  var head;
  try {
    var fd = fs.openSync(file, "r");
    try {
      var buffer = Buffer.alloc(512);
      head = buffer.toString("utf8", 0, fs.readSync(fd, buffer, 0, 512, 0)).split("\n", 2);
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    return { failed: "it cannot start (" + String(e && e.message).split("\n")[0] + ")" };
  }
  if ((head[1] || "").indexOf("answers in its caller's process when required as a library") !== -1)
    return { file: file, answer: function (m, input) { return m.answer(input, args); } };
  if (head[0].indexOf("the hook file that runs the project's copy") === -1)
    return { failed: "its bundle does not answer in the dispatcher's process: it is from another hookrail" };
  var copy;
  try { copy = findProjectCopy(fs, path, g.dir, g.name); } catch (e) { copy = undefined; }
  if (!copy) return { failed: "missing", missing: path.join(".hookrail", "hooks", g.name, g.name + ".cjs") };
  return { file: copy, answer: function (m, input) { return m.answer("auggie", input, args); } };
}

function run(g, args, input) {
  if (g.broken) return Promise.resolve({ failed: "its settings cannot be read (" + g.broken + ")" });
  var file = path.join(g.dir, String(g.settings.bundle));
  if (!fs.existsSync(file)) return Promise.resolve({ failed: "missing", missing: file });
  var ms = Math.min(TIMEOUT_CAP_MS, (Number(g.settings.timeoutSeconds) || 10) * 1000);
  var target = answerer(g, file, args);
  if (target.failed) return Promise.resolve(target);
  var loaded;
  try {
    globalThis[Symbol.for("hookrail.library")] = true;
    loaded = require(target.file);
  } catch (e) {
    return Promise.resolve({ failed: "it cannot start (" + String(e && e.message).split("\n")[0] + ")" });
  }
  if (!loaded || typeof loaded.answer !== "function")
    return Promise.resolve({ failed: "its bundle does not answer in the dispatcher's process: it is from another hookrail" });
  return new Promise(function (resolve) {
    var finish = settleOnce(resolve, ms);
    Promise.resolve()
      .then(function () { return target.answer(loaded, input); })
      .then(
        function (a) {
          if (a && typeof a.exitCode === "number")
            finish({ answer: { exitCode: a.exitCode, stdout: String(a.stdout || ""), stderr: String(a.stderr || "") } });
          else finish({ failed: "it ended without an answer" });
        },
        function (e) { finish({ failed: "it failed (" + String(e && e.message).split("\n")[0] + ")" }); },
      );
  });
}

function failureReason(g, r) {
  if (r.missing)
    return g.name + ": blocked because its hook file " + r.missing + " is missing, so nothing was checked." +
      " Run npx hookrail update to put it back, then retry.";
  return g.name + ": blocked because its hook failed (" + r.failed + "), so nothing was checked." +
    " Run npx hookrail doctor to see why, then retry.";
}

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

function combine(event, refusals, answers) {
  if (refusals.length) {
    var reason = refusals.join("\n\n");
    var out = event === "PreToolUse"
      ? { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } }
      : { systemMessage: reason };
    return { exitCode: 0, stdout: JSON.stringify(out) + "\n", stderr: "" };
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
  if (context.length) joined.hookSpecificOutput = { hookEventName: event, additionalContext: context.join("\n\n") };
  if (messages.length) joined.systemMessage = messages.join("\n\n");
  return { exitCode: 0, stdout: context.length || messages.length ? JSON.stringify(joined) + "\n" : "", stderr: "" };
}

function main(input) {
  var payload;
  try { payload = JSON.parse(input); } catch (e) { payload = undefined; }
  var named = payload && typeof payload.hook_event_name === "string" ? payload.hook_event_name : "";
  var event = named || BEFORE_TOOL;
  var here = runs(installed(), event, payload);
  return Promise.all(here.map(function (r) { return run(r.guardrail, r.args, input); })).then(function (results) {
    var refusals = [];
    var answers = [];
    var decides = event === BEFORE_TOOL;
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
    return combine(event, refusals, answers);
  });
}

function readInput(done) {
  var buffer = Buffer.allocUnsafe(65536);
  var length = 0;
  for (;;) {
    if (length === buffer.length) {
      var grown = Buffer.allocUnsafe(length * 2);
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    var bytes;
    try {
      bytes = fs.readSync(0, buffer, length, buffer.length - length, null);
    } catch (e) {
      if (e && (e.code === "EAGAIN" || e.code === "EWOULDBLOCK")) {
        var chunks = [Buffer.from(buffer.subarray(0, length))];
        process.stdin.on("data", function (d) { chunks.push(d); });
        process.stdin.on("end", function () { done(Buffer.concat(chunks).toString("utf8")); });
        return;
      }
      if (e && (e.code === "EOF" || e.code === "EBADF")) break;
      throw e;
    }
    if (bytes === 0) break;
    length += bytes;
    var whole = wholeObject(buffer, length);
    if (whole !== undefined) return done(whole);
  }
  done(buffer.toString("utf8", 0, length));
}

function wholeObject(buffer, length) {
  var end = length - 1;
  while (end >= 0 && (buffer[end] === 32 || buffer[end] === 10 || buffer[end] === 13 || buffer[end] === 9)) end--;
  if (buffer[end] !== 125) return undefined;
  var text = buffer.toString("utf8", 0, length);
  try {
    JSON.parse(text);
    return text;
  } catch (e) {
    return undefined;
  }
}

function writeAll(fd, text) {
  var data = Buffer.from(text, "utf8");
  var wait;
  while (data.length > 0) {
    try {
      data = data.subarray(fs.writeSync(fd, data));
    } catch (e) {
      if (!e || e.code !== "EAGAIN") break;
      wait = wait || new Int32Array(new SharedArrayBuffer(4));
      Atomics.wait(wait, 0, 0, 1);
    }
  }
}

function answerAndExit(a) {
  if (a.stderr) writeAll(2, a.stderr);
  if (a.stdout) writeAll(1, a.stdout);
  process.exit(a.exitCode);
}

readInput(function (input) {
  Promise.resolve().then(function () { return main(input); }).then(
    answerAndExit,
    function (e) {
      var event = "";
      try { event = String(JSON.parse(input).hook_event_name || ""); } catch (x) {}
      var gate = (event === "" || event === BEFORE_TOOL) && installed().some(isGate);
      var reason = "hookrail: blocked because the Auggie hook dispatcher failed (" + String(e && e.message) + "), so nothing was checked.";
      answerAndExit(gate ? combine(BEFORE_TOOL, [reason], []) : { exitCode: 0, stdout: "", stderr: "" });
    },
  );
});
