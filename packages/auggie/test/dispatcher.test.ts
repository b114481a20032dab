// The dispatcher as Auggie runs it: `node <.augment>/hookrail/dispatch.cjs` with the payload on stdin, beside
// guardrails in hookrail/<g>/ whose bundles here are small libraries that answer, refuse or fail, and a project's hook
// file that runs the project's one copy. What is Auggie's own: its matchers (`mcp:` for MCP tools alone, never both)
// and its answers (one JSON object: the deny before a tool, a message elsewhere, notes joined).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LIBRARY_MARK, PROJECT_HOOK_MARK } from "@hookrail/core";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { AUGGIE_DISPATCHER_SOURCE, type AuggieSettings } from "../src/index.ts";

const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));
const fixture = (name: string) => readFileSync(join(fixtures, name), "utf8");
const shell = fixture("PreToolUse.launch-process.json");
const mcp = fixture("PreToolUse.merge_pull_request_github.json");
const saved = fixture("PostToolUse.save-file.json");

const MARK = `// hookrail\n// ${LIBRARY_MARK}.\n`;
const answer = (a: { exitCode: number; stdout?: string; stderr?: string }) =>
  `${MARK}module.exports.answer=()=>Promise.resolve(${JSON.stringify({ stdout: "", stderr: "", ...a })})`;
const json = (value: unknown) => answer({ exitCode: 0, stdout: `${JSON.stringify(value)}\n` });
const deny = (reason: string) =>
  json({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason },
  });
const note = (context: string, message?: string) =>
  json({
    hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: context },
    ...(message ? { systemMessage: message } : {}),
  });

const TOOLS = "^(?:launch-process|save-file|str-replace-editor)$";
const BEFORE = [
  { event: "PreToolUse", matcher: TOOLS, args: [] },
  { event: "PreToolUse", matcher: "mcp:.*", args: [] },
];
const AFTER = [{ event: "PostToolUse", matcher: TOOLS, args: [] }];

interface Installed {
  name: string;
  bundle: string | "gone";
  failure?: "closed" | "open";
  bindings?: AuggieSettings["bindings"];
}

function scope(installed: Installed[]) {
  const project = tempDir("hookrail-auggie-dispatch-");
  const root = join(project, ".augment", "hookrail");
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "dispatch.cjs"), AUGGIE_DISPATCHER_SOURCE);
  for (const g of installed) {
    const folder = join(root, g.name);
    mkdirSync(folder, { recursive: true });
    if (g.bundle !== "gone") writeFileSync(join(folder, `${g.name}.cjs`), g.bundle);
    const settings: AuggieSettings = {
      guardrail: g.name,
      bundle: `${g.name}.cjs`,
      failure: g.failure ?? "closed",
      timeoutSeconds: 1,
      bindings: g.bindings ?? BEFORE,
    };
    writeFileSync(join(folder, "auggie.json"), JSON.stringify(settings));
  }
  return {
    project,
    root,
    run: (input = shell) => {
      const r = spawnSync(process.execPath, [join(root, "dispatch.cjs")], { input, encoding: "utf8", cwd: project });
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

describe("the Auggie dispatcher", () => {
  it("runs a guardrail for Auggie's tools or for MCP tools as its matcher says, never one for the other", () => {
    const s = scope([
      {
        name: "mcp-only",
        bundle: deny("mcp-only: blocked"),
        bindings: [{ event: "PreToolUse", matcher: "mcp:merge_.*", args: [] }],
      },
      {
        name: "tools-only",
        bundle: deny("tools-only: blocked"),
        bindings: [{ event: "PreToolUse", matcher: ".*", args: [] }],
      },
    ]);
    expect(s.run(mcp)).toEqual(denied("mcp-only: blocked"));
    expect(s.run(shell)).toEqual(denied("tools-only: blocked"));
    const other = JSON.stringify({ ...JSON.parse(mcp), tool_name: "list_issues_github" });
    expect(s.run(other)).toEqual(silent);
  });

  it("joins two refusals before a tool in one deny; a refusal elsewhere is said to the user", () => {
    expect(
      scope([
        { name: "a", bundle: deny("a: blocked") },
        { name: "b", bundle: answer({ exitCode: 2, stderr: "b: stop\n" }) },
      ]).run(),
    ).toEqual(denied("a: blocked\n\nb: stop"));
    expect(
      scope([{ name: "a", bundle: answer({ exitCode: 2, stderr: "a: no\n" }), bindings: AFTER }]).run(saved),
    ).toEqual({
      status: 0,
      stdout: `${JSON.stringify({ systemMessage: "a: no" })}\n`,
      stderr: "",
    });
  });

  it("passes one note through as it was printed, and joins several into one JSON answer", () => {
    const one = scope([{ name: "a", bundle: note("edited"), failure: "open", bindings: AFTER }]).run(saved);
    expect(one.stdout).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "edited" } })}\n`,
    );
    const two = scope([
      { name: "a", bundle: note("first", "to the user"), failure: "open", bindings: AFTER },
      { name: "b", bundle: answer({ exitCode: 0 }), failure: "open", bindings: AFTER },
      { name: "c", bundle: note("second"), failure: "open", bindings: AFTER },
    ]).run(saved);
    expect(JSON.parse(two.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "first\n\nsecond" },
      systemMessage: "to the user",
    });
  });

  it("refuses for a gate whose bundle has gone or fails before a tool, and leaves an advisory one out", () => {
    const s = scope([{ name: "merge-gate", bundle: "gone" }]);
    expect(s.run()).toEqual(
      denied(
        `merge-gate: blocked because its hook file ${join(s.root, "merge-gate", "merge-gate.cjs")} is missing, so nothing was checked. Run npx hookrail update to put it back, then retry.`,
      ),
    );
    expect(scope([{ name: "n", bundle: `${MARK}throw new Error("boom")`, failure: "open" }]).run()).toEqual(silent);
  });

  it("answers a project's hook file with the project's copy, told it is Auggie, in its own process", () => {
    const hookFile = `// hookrail g for Auggie in a project, ${PROJECT_HOOK_MARK}; generated by hookrail's build.\nprocess.stdout.write("ran as a program")\n`;
    const s = scope([
      { name: "one", bundle: hookFile, bindings: AFTER },
      { name: "two", bundle: hookFile, bindings: AFTER },
    ]);
    spawnSync("git", ["init", "-q", s.project]);
    for (const name of ["one", "two"]) {
      const dir = join(s.project, ".hookrail", "hooks", name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, `${name}.cjs`),
        `module.exports.answer=(cli,input,args)=>Promise.resolve({exitCode:0,stdout:JSON.stringify({hookSpecificOutput:{hookEventName:"PostToolUse",additionalContext:${JSON.stringify(name)}+" "+cli+" "+JSON.parse(input).tool_name+" "+process.pid}})+"\\n",stderr:""})`,
      );
    }
    const context: string = JSON.parse(s.run(saved).stdout).hookSpecificOutput.additionalContext;
    const [one, two] = context.split("\n\n").map((line) => line.split(" "));
    expect([one?.slice(0, 3), two?.slice(0, 3)]).toEqual([
      ["one", "auggie", "save-file"],
      ["two", "auggie", "save-file"],
    ]);
    expect(one?.[3]).toBe(two?.[3]);
  });

  it("refuses for a gate whose project copy is missing, naming it", () => {
    const hookFile = `// hookrail g for Auggie in a project, ${PROJECT_HOOK_MARK}.\n`;
    const s = scope([{ name: "merge-gate", bundle: hookFile }]);
    spawnSync("git", ["init", "-q", s.project]);
    expect(JSON.parse(s.run().stdout).hookSpecificOutput.permissionDecisionReason).toMatch(
      /^merge-gate: blocked because its hook file \.hookrail\/hooks\/merge-gate\/merge-gate\.cjs is missing/,
    );
  });
});
