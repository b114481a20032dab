// The gates in force from the user file and the project file: a project only tightens, the user file removes
// or loosens, and every broken entry is reported once, by file and entry, while every valid one applies.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "@hookrail/core";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { commandGatesSettings, writtenPatterns } from "../src/config/layer-gates.ts";

function configWith(files: { user?: unknown; project?: unknown }) {
  const root = tempDir();
  const project = join(root, "repo");
  mkdirSync(join(project, ".git"), { recursive: true });
  const user = join(root, "config", "hookrail", "config.json");
  const projectFile = join(project, ".hookrail", "config.json");
  for (const [file, value] of [
    [user, files.user],
    [projectFile, files.project],
  ] as const) {
    if (value === undefined) continue;
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  }
  const config = loadConfig(project, { XDG_CONFIG_HOME: join(root, "config") });
  const gates = commandGatesSettings(config).gates;
  // The guardrail's first, schema-free look: every pattern in force is among those written.
  const written = new Set(
    writtenPatterns(config).flatMap((w) => w.commands.map((c) => c.trim().split(/\s+/).join(" "))),
  );
  for (const gate of gates) for (const c of gate.commands) expect(written, c).toContain(c);
  const problems = config.problems.map((p) => p.replaceAll(user, "<user>").replaceAll(projectFile, "<project>"));
  return { gates, problems };
}

const publish = { name: "publish", commands: ["npm publish"], marker: "PUBLISH_APPROVED" };

describe("command gates from config", () => {
  it("reads the issue's example as written, with the defaults filled in", () => {
    const { gates, problems } = configWith({
      user: {
        "command-gates": [
          {
            name: "publish",
            commands: ["npm publish", "pnpm publish", "yarn npm publish"],
            marker: "PUBLISH_APPROVED",
            reason: "Publishing is a release step: ask the owner first.",
          },
          {
            name: "infra",
            commands: ["terraform apply", "terraform destroy", "kubectl delete"],
            marker: "INFRA_APPROVED",
          },
          { name: "db-reset", commands: ["prisma migrate reset"], approval: "user" },
        ],
      },
    });
    expect(problems).toEqual([]);
    expect(gates).toEqual([
      {
        name: "publish",
        commands: ["npm publish", "pnpm publish", "yarn npm publish"],
        marker: "PUBLISH_APPROVED",
        reason: "Publishing is a release step: ask the owner first.",
        approval: "marker",
      },
      {
        name: "infra",
        commands: ["terraform apply", "terraform destroy", "kubectl delete"],
        marker: "INFRA_APPROVED",
        approval: "marker",
      },
      { name: "db-reset", commands: ["prisma migrate reset"], marker: "DB_RESET_APPROVED", approval: "user" },
    ]);
  });

  it("lets a project add gates and patterns, and make a gate's approval user, and nothing that loosens", () => {
    const { gates, problems } = configWith({
      user: { "command-gates": [{ ...publish, approval: "ask" }] },
      project: {
        "command-gates": [
          { name: "publish", commands: ["pnpm publish"], marker: "OTHER", approval: "user", enabled: false },
          { name: "infra", commands: ["terraform apply"], approval: "ask" },
        ],
      },
    });
    expect(gates).toEqual([
      { name: "publish", commands: ["npm publish", "pnpm publish"], marker: "PUBLISH_APPROVED", approval: "user" },
      { name: "infra", commands: ["terraform apply"], marker: "INFRA_APPROVED", approval: "ask" },
    ]);
    expect(problems).toEqual([
      `hookrail: <project>: "command-gates" entry 1 ("publish"): "enabled": false ignored: only the user config can turn a gate off (<user>); "marker": "OTHER" ignored: only the user config changes the marker of a gate it defines (<user>)`,
    ]);
  });

  it("refuses a project's looser approval for the user's gate", () => {
    const { gates, problems } = configWith({
      user: { "command-gates": [{ ...publish, approval: "user" }] },
      project: { "command-gates": [{ name: "publish", approval: "marker" }] },
    });
    expect(gates[0]?.approval).toBe("user");
    expect(problems).toEqual([
      `hookrail: <project>: "command-gates" entry 1 ("publish"): "approval": "marker" ignored: a project can only make a gate's approval "user" (<user>)`,
    ]);
  });

  it("lets a project gate a gate's dry runs, and only the user file let them run again", () => {
    const tightened = configWith({
      user: { "command-gates": [publish] },
      project: { "command-gates": [{ name: "publish", dryRuns: "gate" }] },
    });
    expect(tightened.gates[0]?.dryRuns).toBe("gate");
    expect(tightened.problems).toEqual([]);
    const loosened = configWith({
      user: { "command-gates": [{ ...publish, dryRuns: "gate" }] },
      project: { "command-gates": [{ name: "publish", dryRuns: "run" }] },
    });
    expect(loosened.gates[0]?.dryRuns).toBe("gate");
    expect(loosened.problems).toEqual([
      `hookrail: <project>: "command-gates" entry 1 ("publish"): "dryRuns": "run" ignored: only the user config lets a gate's dry runs and help run (<user>)`,
    ]);
    const invalid = configWith({ user: { "command-gates": [{ ...publish, dryRuns: "yes" }] } });
    expect(invalid.gates).toEqual([]);
    expect(invalid.problems[0]).toMatch(/entry 1 \("publish"\): dryRuns: .*; ignored it/);
  });

  it("lets only the user file turn a gate off, the project's of that name too", () => {
    const off = configWith({
      user: { "command-gates": [{ name: "infra", enabled: false }, publish] },
      project: { "command-gates": [{ name: "infra", commands: ["terraform apply"] }] },
    });
    expect(off.gates.map((g) => g.name)).toEqual(["publish"]);
    expect(off.problems).toEqual([]);
  });

  it("reports each invalid entry once, naming the file and the entry, and applies every valid one", () => {
    const { gates, problems } = configWith({
      user: {
        "command-gates": [
          { name: "bad name!", commands: ["x y"] },
          { name: "broad", commands: ["git", "git push"] },
          publish,
          { name: "none", commands: ["npm"] },
          { name: "publish", commands: ["pnpm publish"] },
          { name: "odd", commands: ["'terraform' apply"], marker: "1BAD" },
          "not an object",
          { name: "nocommands" },
        ],
      },
      project: { "command-gates": [{ name: "quoted", commands: ["'helm' delete"] }] },
    });
    expect(gates.map((g) => [g.name, g.commands])).toEqual([
      ["broad", ["git push"]],
      ["publish", ["npm publish"]],
      ["quoted", ["'helm' delete"]],
    ]);
    expect(problems).toMatchInlineSnapshot(`
      [
        "hookrail: <user>: "command-gates" entry 1 ("bad name!"): name: a gate's name is letters, digits, '.', '_' or '-' (up to 64); ignored it",
        "hookrail: <user>: "command-gates" entry 2 ("broad"): pattern "git" refused: \`git\` alone would gate every git command an agent runs, which stops ordinary work; name what to gate, e.g. \`git push\`",
        "hookrail: <user>: "command-gates" entry 4 ("none"): pattern "npm" refused: \`npm\` alone would gate every npm command an agent runs, which stops ordinary work; name what to gate, e.g. \`npm publish\`; no usable command pattern left, so the gate is ignored",
        "hookrail: <user>: "command-gates" entry 5 ("publish"): a second gate named "publish" in this file; ignored it",
        "hookrail: <user>: "command-gates" entry 6 ("odd"): marker: a marker is a variable name such as PUBLISH_APPROVED; ignored it",
        "hookrail: <user>: "command-gates" entry 7: a gate is an object ({ "name": …, "commands": […] }); ignored it",
        "hookrail: <user>: "command-gates" entry 8 ("nocommands"): no "commands"; ignored it",
        "hookrail: <project>: "command-gates" entry 1 ("quoted"): pattern "'helm' delete" can never match: \`'helm'\` holds quotes, \`\\\`, \`$\` or backquotes, which a pattern compares as plain characters",
      ]
    `);
  });

  it("reports a section that is not a list, and a file that is not JSON, and keeps the other file's gates", () => {
    const a = configWith({ user: { "command-gates": [publish] }, project: { "command-gates": { name: "x" } } });
    expect(a.gates.map((g) => g.name)).toEqual(["publish"]);
    expect(a.problems).toEqual([
      `hookrail: <project>: "command-gates" must be a list of gates ([{ "name": …, "commands": […] }]); ignored it`,
    ]);
    const b = configWith({ user: { "command-gates": [publish] }, project: "{ not json" });
    expect(b.gates.map((g) => g.name)).toEqual(["publish"]);
    expect(b.problems.join("\n")).toMatch(/<project> is not valid JSON/);
  });
});
