// The openclaw.json part of the install: the plugin's entry added and taken out again with every other line kept,
// and each switch that leaves the plugin out named.
import { describe, expect, it } from "vitest";
import { configProblems, disablePlugin, enablePlugin } from "../src/install/openclaw-config.ts";

const file = "/home/u/.openclaw/openclaw.json";
const USER = `${JSON.stringify(
  {
    models: { providers: { mock: { baseUrl: "http://127.0.0.1:1/v1" } } },
    agents: { defaults: { model: { primary: "mock/m" } } },
    plugins: { slots: { memory: "none" } },
  },
  null,
  2,
)}\n`;

describe("openclaw.json", () => {
  it.each([
    ["the user's config", USER],
    ["a config with comments", `// mine\n{\n  "gateway": {\n    "mode": "local", // local\n  },\n}\n`],
  ])("%s: enabled, then given back as it was", (_what, text) => {
    const enabled = enablePlugin(text, file, "merge-gate");
    expect(enabled).toContain('"hookrail-merge-gate"');
    expect(configProblems(enabled, file, "merge-gate")).toEqual([]);
    expect(disablePlugin(enabled, file, "merge-gate")).toBe(text);
  });

  it("no config: one holding the entry, removed whole again", () => {
    const enabled = enablePlugin(null, file, "merge-gate");
    expect(JSON.parse(enabled)).toEqual({ plugins: { entries: { "hookrail-merge-gate": { enabled: true } } } });
    expect(disablePlugin(enabled, file, "merge-gate")).toBe("");
    expect(disablePlugin(null, file, "merge-gate")).toBeNull();
  });

  it("another guardrail's entry stays", () => {
    const both = enablePlugin(enablePlugin(USER, file, "merge-gate"), file, "command-gates");
    const one = disablePlugin(both, file, "merge-gate") ?? "";
    expect(JSON.parse(one).plugins.entries).toEqual({ "hookrail-command-gates": { enabled: true } });
  });

  it.each([
    [{ plugins: { enabled: false } }, /plugins\.enabled to false/],
    [{ plugins: { deny: ["hookrail-merge-gate"] } }, /in plugins\.deny/],
    [{ plugins: { allow: ["other"] } }, /plugins\.allow list without hookrail-merge-gate/],
    [{ plugins: { entries: { "hookrail-merge-gate": { enabled: false } } } }, /does not enable hookrail-merge-gate/],
    [{}, /does not enable hookrail-merge-gate/],
  ])("%j: doctor says why OpenClaw leaves the plugin out", (config, why) => {
    const problems = configProblems(JSON.stringify(config), file, "merge-gate");
    expect(problems.map((p) => p.problem).join("\n")).toMatch(why);
  });

  it("a config it cannot read is named, and nothing is written", () => {
    expect(() => enablePlugin("{ plugins: {", file, "merge-gate")).toThrow(/openclaw\.json/);
    expect(configProblems("{ plugins: {", file, "merge-gate")[0]?.problem).toMatch(/openclaw\.json/);
  });
});
