// A scope dispatcher: the one program every hookrail hook entry of a scope runs, in a CLI whose install writes one
// entry per event for all the guardrails installed there (Kimi Code's config.toml, Auggie's settings.json). It
// reads `<guardrail>/<settings file>` in each folder beside it, runs in its own process every guardrail bound to
// the payload's event whose matcher takes the call's tool (a bundle answers through `answer(input, args)` once the
// library flag is set, and the guardrails of one build start their shared bundle once; a project's hook file is
// answered by the project's one copy, `answer(cli, input, args)`), and combines their answers in the CLI's form:
// a refusal wins, with every refusal's reason. Where a gate's bundle has gone, cannot start, fails or does not
// answer in time before a tool, the dispatcher refuses the call itself, naming it and the fix; any other failure
// (an advisory guardrail's, or a gate's elsewhere) is left out silently. Plain CommonJS with no dependency, written
// as text: the build ships it as it is.
import { READ_INPUT_SOURCE, SETTLE_ONCE_SOURCE, WRITE_ALL_SOURCE, withoutCommentLines } from "./dispatch-source.ts";
import { FIND_PROJECT_COPY_SOURCE, LIBRARY_KEY, LIBRARY_MARK, PROJECT_HOOK_MARK } from "./project-hooks.ts";

/** What a binding in a guardrail's settings file says: the event, the tools' matcher and the bundle's arguments. */
export interface ScopeBinding {
  event: string;
  matcher?: string;
  args: string[];
}

/** A guardrail's settings file in its folder: what the scope's dispatcher needs to run it. */
export interface ScopeSettings<Binding extends ScopeBinding = ScopeBinding> {
  guardrail: string;
  bundle: string;
  failure: "closed" | "open";
  timeoutSeconds: number;
  bindings: Binding[];
}

export interface ScopeDispatcherSpec {
  /** The dispatcher's second line, which tells hookrail's file from anything else of that name. */
  marker: string;
  /**
   * The CLI's name, as a project's copy is told it, for a CLI whose project install puts a hook file that runs the
   * project's one copy in each guardrail's folder; none where the dispatcher only ever runs the user's bundles (the
   * code that finds a project's copy is then left out of it).
   */
  projectCli?: string;
  /** The CLI's title, in the dispatcher's own failure. */
  title: string;
  /** The settings file in each guardrail's folder. */
  settingsFile: string;
  /** The event before a tool runs, where a gate decides. */
  beforeTool: string;
  /** The longest a guardrail may take, in ms. */
  timeoutCapMs: number;
  /**
   * `function takes(matcher, tool, payload)`: whether a binding's matcher (a string) takes the call of the tool named
   * `tool` (never empty: a binding with no matcher, or a payload whose tool cannot be read, runs without asking).
   * `matches(pattern, tool)` is there to call. None: the matcher is a regular expression tested on the name, as Kimi
   * Code's and Claude Code's are.
   */
  takesSource?: string;
  /**
   * `function combine(event, refusals, answers)`: the CLI's answer, `{ exitCode, stdout, stderr }`, from the
   * refusals' reasons (some refused: the call must not run) or else from the answers that refused nothing.
   */
  combineSource: string;
}

/** The failure of a bundle that cannot answer in the dispatcher's process. */
const FROM_ANOTHER = `{ failed: "its bundle does not answer in the dispatcher's process: it is from another hookrail" }`;

/** A project's hook file answered through the project's copy, told it runs in `cli`. */
const projectAnswerer = (cli: string) => `  if (head[0].indexOf(${JSON.stringify(PROJECT_HOOK_MARK)}) === -1)
    return ${FROM_ANOTHER};
  var copy;
  try { copy = findProjectCopy(fs, path, g.dir, g.name); } catch (e) { copy = undefined; }
  if (!copy) return { failed: "missing", missing: path.join(".hookrail", "hooks", g.name, g.name + ".cjs") };
  return { file: copy, answer: function (m, input) { return m.answer(${JSON.stringify(cli)}, input, args); } };
`;

/** The dispatcher as it ships: its first two lines, then its code without the comment lines, which stay here. */
export const scopeDispatcherSource = (spec: ScopeDispatcherSpec): string =>
  withoutCommentLines(`#!/usr/bin/env node
${spec.marker}: runs each guardrail in the folders beside it bound to the event.
"use strict";
var fs = require("fs");
var path = require("path");

var ROOT = __dirname;
var TIMEOUT_CAP_MS = ${spec.timeoutCapMs};
var BEFORE_TOOL = ${JSON.stringify(spec.beforeTool)};

function installed() {
  var names = [];
  try { names = fs.readdirSync(ROOT).sort(); } catch (e) { return []; }
  return names.flatMap(function (name) {
    var dir = path.join(ROOT, name);
    var file = path.join(dir, ${JSON.stringify(spec.settingsFile)});
    // A folder of an older hookrail (no settings file) runs from entries of its own.
    if (!fs.existsSync(file)) return [];
    try {
      var settings = JSON.parse(fs.readFileSync(file, "utf8"));
      // A folder is its guardrail's only under that guardrail's name (not a copy an update sets aside beside it).
      if (settings && typeof settings.guardrail === "string" && settings.guardrail !== name) return [];
      return [{ name: name, dir: dir, settings: settings }];
    } catch (e) {
      // A folder whose settings cannot be read may be a gate's: it is treated as one.
      return [{ name: name, dir: dir, broken: String(e && e.message).split("\\n")[0] }];
    }
  });
}

// A matcher's regular expression tested on a tool's name, unanchored; one that cannot be read takes every tool.
function matches(pattern, tool) {
  try {
    return new RegExp(pattern).test(tool);
  } catch (e) {
    return true;
  }
}

${spec.takesSource ?? "function takes(matcher, tool) {\n  return matches(matcher, tool);\n}"}

// Each run: a guardrail and the arguments its bundle is given (a guardrail bound twice at one event runs twice). A
// payload whose tool cannot be read runs every guardrail bound to the event (a gate then judges it unreadable).
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

${SETTLE_ONCE_SOURCE}

${spec.projectCli ? `${FIND_PROJECT_COPY_SOURCE}\n\n` : ""}// What answers for the guardrail in this process: its bundle, when it says it can (the build's mark on its second
// line)${spec.projectCli ? ", or a project's hook file (the mark on its first), whose project copy answers with the CLI's name" : ""}. Any other
// file would run as a program inside the dispatcher (and print to its stdout).
function answerer(g, file, args) {
  var head;
  try {
    var fd = fs.openSync(file, "r");
    try {
      var buffer = Buffer.alloc(512);
      head = buffer.toString("utf8", 0, fs.readSync(fd, buffer, 0, 512, 0)).split("\\n", 2);
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    return { failed: "it cannot start (" + String(e && e.message).split("\\n")[0] + ")" };
  }
  if ((head[1] || "").indexOf(${JSON.stringify(LIBRARY_MARK)}) !== -1)
    return { file: file, answer: function (m, input) { return m.answer(input, args); } };
${spec.projectCli ? projectAnswerer(spec.projectCli) : `  return ${FROM_ANOTHER};\n`}}

function run(g, args, input) {
  if (g.broken) return Promise.resolve({ failed: "its settings cannot be read (" + g.broken + ")" });
  var file = path.join(g.dir, String(g.settings.bundle));
  if (!fs.existsSync(file)) return Promise.resolve({ failed: "missing", missing: file });
  var ms = Math.min(TIMEOUT_CAP_MS, (Number(g.settings.timeoutSeconds) || 10) * 1000);
  var target = answerer(g, file, args);
  if (target.failed) return Promise.resolve(target);
  var loaded;
  try {
    globalThis[Symbol.for(${JSON.stringify(LIBRARY_KEY)})] = true;
    loaded = require(target.file);
  } catch (e) {
    return Promise.resolve({ failed: "it cannot start (" + String(e && e.message).split("\\n")[0] + ")" });
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
        function (e) { finish({ failed: "it failed (" + String(e && e.message).split("\\n")[0] + ")" }); },
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

// A refusal's reason in an answer: a deny in hookSpecificOutput, or exit 2 and the reason on stderr.
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

${spec.combineSource}

function main(input) {
  var payload;
  try { payload = JSON.parse(input); } catch (e) { payload = undefined; }
  var named = payload && typeof payload.hook_event_name === "string" ? payload.hook_event_name : "";
  // A payload that names no event is judged by every gate bound before a tool, which refuses what it cannot read.
  var event = named || BEFORE_TOOL;
  var here = runs(installed(), event, payload);
  return Promise.all(here.map(function (r) { return run(r.guardrail, r.args, input); })).then(function (results) {
    var refusals = [];
    var answers = [];
    // A gate's failure refuses where the gate decides an action: before a tool. Elsewhere it is left out, as an
    // advisory guardrail's is everywhere.
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
      var gate = (event === "" || event === BEFORE_TOOL) && installed().some(isGate);
      var reason = "hookrail: blocked because the ${spec.title} hook dispatcher failed (" + String(e && e.message) + "), so nothing was checked.";
      answerAndExit(gate ? combine(BEFORE_TOOL, [reason], []) : { exitCode: 0, stdout: "", stderr: "" });
    },
  );
});
`);
