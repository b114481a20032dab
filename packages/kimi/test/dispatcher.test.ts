// The dispatcher as Kimi Code runs it: `node <Kimi home>/hookrail/dispatch.cjs` with the payload on stdin, beside
// guardrails in hookrail/<g>/ whose bundles here are small libraries that answer, refuse, crash, hang or say nothing.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LIBRARY_MARK } from "@hookrail/core";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { KIMI_DISPATCHER_SOURCE, type KimiBinding } from "../src/index.ts";

const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));
const fixture = (name: string) => readFileSync(join(fixtures, name), "utf8");
const bash = fixture("PreToolUse.Bash.json");
const write = fixture("PreToolUse.Write.json");
const prompt = fixture("UserPromptSubmit.json");

// A bundle that answers in its caller's process says so on its second line, as the build's do.
const MARK = `// hookrail\n// ${LIBRARY_MARK}.\n`;
const answer = (a: { exitCode: number; stdout?: string; stderr?: string }) =>
  `${MARK}module.exports.answer=()=>Promise.resolve(${JSON.stringify({ stdout: "", stderr: "", ...a })})`;
const deny = (reason: string) =>
  answer({
    exitCode: 0,
    stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } })}\n`,
  });

const BUNDLES = {
  allow: answer({ exitCode: 0 }),
  deny: deny("merge-gate: blocked. not yours"),
  deny2: deny("command-gates: blocked. ask first"),
  exit2: answer({ exitCode: 2, stderr: "stop here\n" }),
  note: answer({ exitCode: 0, stdout: "a note\n" }),
  exit1: answer({ exitCode: 1, stderr: "oops" }),
  crash: `${MARK}throw new Error("boom")`,
  reject: `${MARK}module.exports.answer=()=>Promise.reject(new Error("bad"))`,
  hang: `${MARK}module.exports.answer=()=>new Promise(()=>{})`,
  // An older bundle, which runs as a program when required.
  older: `process.stdout.write("ran as a program")`,
  // One that says it answers here but exports nothing to answer with.
  empty: `${MARK}module.exports.nothing=1`,
  // What it was given, and the process it ran in.
  echo: `${MARK}module.exports.answer=(input,args)=>Promise.resolve({exitCode:0,stdout:JSON.stringify({event:JSON.parse(input).hook_event_name,args,pid:process.pid})+"\\n",stderr:""})`,
} as const;

interface Installed {
  name: string;
  bundle: keyof typeof BUNDLES | "gone";
  failure: "closed" | "open";
  bindings?: KimiBinding[];
  settings?: string;
}

const BASH: KimiBinding[] = [{ event: "PreToolUse", matcher: "^(?:Bash|Write|Edit|mcp__.*)$", args: [] }];

function scope(installed: Installed[]) {
  const home = tempDir("hookrail-kimi-dispatch-");
  const root = join(home, "hookrail");
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "dispatch.cjs"), KIMI_DISPATCHER_SOURCE);
  for (const g of installed) {
    const folder = join(root, g.name);
    mkdirSync(folder, { recursive: true });
    if (g.bundle !== "gone") writeFileSync(join(folder, `${g.name}.cjs`), BUNDLES[g.bundle]);
    const settings = {
      guardrail: g.name,
      bundle: `${g.name}.cjs`,
      failure: g.failure,
      timeoutSeconds: 1,
      bindings: g.bindings ?? BASH,
    };
    writeFileSync(join(folder, "kimi.json"), g.settings ?? JSON.stringify(settings));
  }
  return {
    root,
    run: (input = bash) => {
      const r = spawnSync(process.execPath, [join(root, "dispatch.cjs")], { input, encoding: "utf8", cwd: home });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
  };
}

const denied = (reason: string) => ({
  status: 0,
  stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } })}\n`,
  stderr: "",
});
const silent = { status: 0, stdout: "", stderr: "" };
const failed = (g: string, why: string) =>
  `${g}: blocked because its hook failed (${why}), so nothing was checked. Run npx hookrail doctor to see why, then retry.`;

describe("the Kimi Code dispatcher", () => {
  it("says nothing with nothing installed, and with only guardrails that allow", () => {
    expect(scope([]).run()).toEqual(silent);
    expect(scope([{ name: "a", bundle: "allow", failure: "closed" }]).run()).toEqual(silent);
  });

  it("passes a refusal through; two refusals give both reasons", () => {
    expect(
      scope([
        { name: "command-gates", bundle: "allow", failure: "closed" },
        { name: "merge-gate", bundle: "deny", failure: "closed" },
      ]).run(),
    ).toEqual(denied("merge-gate: blocked. not yours"));
    expect(
      scope([
        { name: "command-gates", bundle: "deny2", failure: "closed" },
        { name: "merge-gate", bundle: "deny", failure: "closed" },
      ]).run(),
    ).toEqual(denied("command-gates: blocked. ask first\n\nmerge-gate: blocked. not yours"));
  });

  it("before a tool, turns an exit-2 refusal into Kimi's deny, and drops the notes (Kimi drops them there)", () => {
    expect(
      scope([
        { name: "a", bundle: "note", failure: "open" },
        { name: "b", bundle: "exit2", failure: "closed" },
      ]).run(),
    ).toEqual(denied("stop here"));
  });

  it.each([
    ["gone", "missing"],
    ["crash", "it cannot start (boom)"],
    ["reject", "it failed (bad)"],
    ["hang", "it did not answer within 1 s"],
    ["exit1", "it answered with exit 1"],
  ] as const)("a gate whose bundle is %s refuses the call, naming why and the fix", (bundle, why) => {
    const s = scope([{ name: "merge-gate", bundle, failure: "closed" }]);
    const reason =
      bundle === "gone"
        ? `merge-gate: blocked because its hook file ${join(s.root, "merge-gate", "merge-gate.cjs")} is missing, so nothing was checked. Run npx hookrail update to put it back, then retry.`
        : failed("merge-gate", why);
    expect(s.run()).toEqual(denied(reason));
  });

  it.each(["gone", "crash", "reject", "hang", "exit1"] as const)(
    "an advisory guardrail whose bundle is %s is left out silently",
    (bundle) => {
      expect(
        scope([
          { name: "a-note", bundle, failure: "open", bindings: [{ event: "UserPromptSubmit", args: [] }] },
          { name: "b-note", bundle: "note", failure: "open", bindings: [{ event: "UserPromptSubmit", args: [] }] },
        ]).run(prompt),
      ).toEqual({ status: 0, stdout: "a note\n", stderr: "" });
    },
  );

  it.each(["older", "empty"] as const)(
    "refuses for a gate whose bundle cannot answer in its process (%s), never running it as a program there",
    (bundle) => {
      expect(scope([{ name: "merge-gate", bundle, failure: "closed" }]).run()).toEqual(
        denied(
          failed("merge-gate", "its bundle does not answer in the dispatcher's process: it is from another hookrail"),
        ),
      );
    },
  );

  it("runs a guardrail only for the tools its matcher takes", () => {
    const s = scope([
      {
        name: "edits",
        bundle: "deny",
        failure: "closed",
        bindings: [{ event: "PreToolUse", matcher: "^(?:Write|Edit)$", args: [] }],
      },
    ]);
    expect(s.run(bash)).toEqual(silent);
    expect(s.run(write)).toEqual(denied("merge-gate: blocked. not yours"));
  });

  it("joins the notes of a prompt, gives each guardrail its arguments, and runs them all in its own process", () => {
    const s = scope([
      {
        name: "a",
        bundle: "echo",
        failure: "open",
        bindings: [{ event: "UserPromptSubmit", args: ["session-start"] }],
      },
      { name: "b", bundle: "echo", failure: "closed", bindings: [{ event: "UserPromptSubmit", args: [] }] },
      { name: "c", bundle: "deny", failure: "closed", bindings: BASH },
    ]);
    const r = s.run(prompt);
    expect(r.status).toBe(0);
    const notes = r.stdout
      .trim()
      .split("\n\n")
      .map((line) => JSON.parse(line));
    expect(notes.map((n) => [n.event, n.args])).toEqual([
      ["UserPromptSubmit", ["session-start"]],
      ["UserPromptSubmit", []],
    ]);
    expect(new Set(notes.map((n) => n.pid)).size).toBe(1);
  });

  it.each(["gone", "crash", "hang"] as const)(
    "leaves a gate whose bundle is %s out on the prompt, where it decides no action",
    (bundle) => {
      const bindings: KimiBinding[] = [...BASH, { event: "UserPromptSubmit", args: [] }];
      const s = scope([
        { name: "merge-gate", bundle, failure: "closed", bindings },
        { name: "note", bundle: "note", failure: "open", bindings: [{ event: "UserPromptSubmit", args: [] }] },
      ]);
      expect(s.run(prompt)).toEqual({ status: 0, stdout: "a note\n", stderr: "" });
      expect(JSON.parse(s.run().stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    },
  );

  it("refuses a prompt with exit 2 and every reason on stderr", () => {
    const bindings: KimiBinding[] = [{ event: "UserPromptSubmit", args: [] }];
    expect(
      scope([
        { name: "a", bundle: "exit2", failure: "closed", bindings },
        { name: "b", bundle: "note", failure: "open", bindings },
      ]).run(prompt),
    ).toEqual({ status: 2, stdout: "", stderr: "stop here\n" });
  });

  it("runs every gate bound before a tool on a payload it cannot read", () => {
    expect(scope([{ name: "merge-gate", bundle: "deny", failure: "closed" }]).run("not json")).toEqual(
      denied("merge-gate: blocked. not yours"),
    );
  });

  it("runs a guardrail once while an update has its old folder set aside beside the new one", () => {
    const s = scope([{ name: "merge-gate", bundle: "deny", failure: "closed" }]);
    cpSync(join(s.root, "merge-gate"), join(s.root, "merge-gate.hookrail-undo-1-0"), { recursive: true });
    expect(s.run()).toEqual(denied("merge-gate: blocked. not yours"));
  });

  it("treats a folder whose kimi.json cannot be read as a gate's, and ignores a folder without one", () => {
    const { stdout } = scope([{ name: "merge-gate", bundle: "allow", failure: "closed", settings: "{" }]).run();
    expect(JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason).toMatch(
      /^merge-gate: blocked because its hook failed \(its settings cannot be read \(/,
    );
    const s = scope([{ name: "allowed", bundle: "allow", failure: "closed" }]);
    mkdirSync(join(s.root, "older-guardrail"));
    writeFileSync(join(s.root, "older-guardrail", "older-guardrail.cjs"), BUNDLES.deny);
    expect(s.run()).toEqual(silent);
  });
});
