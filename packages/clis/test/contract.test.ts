// One list: the packages that hold a CLI adapter are exactly the CLIs in CLIS, each complete (its places, its
// fixtures, its answer rule), and every other list of CLIs in the repository (the real-CLI suite's pins, the bench
// cases, the release group, the published package's description) is this one. A CLI added in one place and forgotten in another
// fails here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { allow, CLI_NAMES, type Decision, deny } from "@hookrail/core";
import { BRIDGE_CLIS, cliRunsTool, FOLDER_PLUGIN_CLIS } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { CLIS } from "../src/index.ts";
import { PLACES, PLANS } from "../src/places.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const json = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8"));
const packageDirs = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, dir, d.name, "package.json")))
    .map((d) => d.name);

const names = [...CLI_NAMES].sort();

describe("the packages that hold a CLI adapter are the CLIs in CLIS", () => {
  it("a package with an adapter on core (src/adapter.ts) is a CLI, and every CLI has one", () => {
    const adapters = packageDirs("packages").filter(
      (d) =>
        existsSync(join(root, "packages", d, "src", "adapter.ts")) &&
        json(`packages/${d}/package.json`).dependencies?.["@hookrail/core"] !== undefined,
    );
    expect(adapters.sort()).toEqual(names);
  });

  it("CLIS, PLACES and core's CLI_NAMES name the same CLIs", () => {
    expect(Object.keys(CLIS).sort()).toEqual(names);
    expect(Object.keys(PLACES).sort()).toEqual(names);
  });
});

describe.each(names.map((name) => [name]))("%s is complete", (name) => {
  const cli = CLIS[name as keyof typeof CLIS];
  const pkg = json(`packages/${name}/package.json`);

  it("is its package, whose name is the CLI's", () => {
    expect(pkg.name).toBe(`@hookrail/${name}`);
  });

  it("has its places, as a data-only subpath, and one title everywhere", () => {
    expect(pkg.exports["./places"]?.default).toBe("./src/places.ts");
    const source = readFileSync(join(root, "packages", name, "src", "places.ts"), "utf8");
    // Data only: a hook bundle imports it whole.
    for (const line of source.match(/from "([^"]+)"/g) ?? []) expect(line).toBe('from "@hookrail/core/cli-places"');
    expect(cli.places).toBe(PLACES[name as keyof typeof PLACES]);
    expect(cli.title).toBe(cli.places.title);
    expect(cli.adapter.title).toBe(cli.places.title);
    expect(cli.places.protected.length).toBeGreaterThan(0);
    expect(cli.places.ownFolders.length).toBeGreaterThan(0);
  });

  it("says where its plans are as its places' plans, the same object plan-export reads", () => {
    const { plans } = cli.places;
    expect(PLANS[name as keyof typeof PLANS]).toBe(plans);
    // A CLI without plans is one whose plan mode no hook can follow (plan-export's manifest says why).
    if (!plans) return;
    expect(plans.route).toMatch(/^[a-z]+(?:-[a-z]+)+$/);
    if (plans.projectEnv) expect(plans.projectEnv).toMatch(/^[A-Z][A-Z0-9_]*$/);
    const settings = (plans.folders ?? []).flatMap((folder) => (typeof folder === "string" ? [] : [folder]));
    for (const { setting } of settings) expect(setting).toMatch(/^\w+(?:\.\w+)*$/);
    const paths = [
      ...(plans.folders ?? []).flatMap((folder) => (typeof folder === "string" ? [folder] : [])),
      ...settings.flatMap((folder) => folder.files),
    ];
    for (const path of paths)
      expect(path).toMatch(/^(?:~(?:\/|$)|\$[A-Z][A-Z0-9_]*|\{\$[A-Z][A-Z0-9_]*,~[^}]*\}|\.\/)/);
  });

  it("reads back what its adapter answers to a sample shell call (for try and demo)", () => {
    const event = cli.adapter.parse(cli.samples.shellCall("git status", { cwd: "/repo/project", sessionId: "s1" }));
    const read = (decision: Decision) => cli.samples.describeAnswer(cli.adapter.render(decision, event));
    expect(read(deny("not on main"))).toMatchObject({ verdict: "blocked", reason: "not on main" });
    expect(read(allow())).toEqual({ verdict: "allowed" });
    expect(cli.samples.describeAnswer(cli.adapter.block("stopped")).verdict).toBe("blocked");
  });

  it("says what it does with two plugins of one name when it loads guardrails as plugins", () => {
    const { installer } = cli;
    expect(typeof installer.pluginDouble).toBe(installer.pluginPlaces ? "function" : "undefined");
    if (!installer.pluginPlaces) expect(installer.projectPlugins ?? installer.pluginsBesideHookFiles).toBeUndefined();
  });

  it("keeps payloads captured from the CLI (or its documentation) as fixtures", () => {
    const dir = join(root, "packages", name, "test", "fixtures");
    const files = existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : [];
    expect(files.filter((f) => f.endsWith(".json")).length).toBeGreaterThan(0);
  });

  it("spells its sample payloads with the fields its captured fixtures have", () => {
    const dir = join(root, "packages", name, "test", "fixtures");
    const seen = new Set<string>();
    const collect = (value: unknown) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) return;
      for (const [key, inner] of Object.entries(value)) {
        seen.add(key);
        collect(inner);
      }
    };
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json"))) {
      collect(JSON.parse(readFileSync(join(dir, file), "utf8")));
    }
    const context = { cwd: "/repo/project", sessionId: "s1" };
    const samples = [
      cli.samples.shellCall("git status", context),
      cli.samples.fileEdit("README.md", context),
      cli.samples.fileEdit("README.md", context, true),
      cli.samples.sessionStart(context),
    ];
    // A bridge CLI's plugin wraps what the CLI hands it: the fixtures are that part.
    const own = (sample: Record<string, unknown>) =>
      cli.packaging.bridge ? (sample.data as Record<string, unknown>) : sample;
    const unseen = new Set<string>();
    const check = (value: unknown) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) return;
      for (const [key, inner] of Object.entries(value)) {
        if (!seen.has(key)) unseen.add(key);
        // Tool arguments are the model's to choose; the envelope is the CLI's.
        if (!/^(?:tool_?[iI]nput|toolArgs|args|input|tool_response|toolResult)$/.test(key)) check(inner);
      }
    };
    for (const sample of samples) check(own(sample));
    expect([...unseen]).toEqual([]);
  });

  it("has the measured rule for which hook answers let a tool run", () => {
    expect(() => cliRunsTool(name, { exitCode: 0, stdout: "", stderr: "" })).not.toThrow();
  });

  it("has a pin for the real-CLI suite (or says why none can be installed)", () => {
    const pin = json("test/src/cli-versions.json")[name];
    expect(pin?.bin).toBeTruthy();
    expect(pin.package ? /^\d/.test(pin.version) : typeof pin.unavailable === "string").toBe(true);
  });
});

describe("every other list of CLIs is this one", () => {
  it("the real-CLI suite pins exactly these CLIs", () => {
    expect(Object.keys(json("test/src/cli-versions.json")).sort()).toEqual(names);
  });

  it("the test helpers' bridge CLIs are those whose packaging has a bridge, and plugin folders match pluginPath", () => {
    const bridges = names.filter((n) => CLIS[n as keyof typeof CLIS].packaging.bridge);
    expect([...BRIDGE_CLIS].sort()).toEqual(bridges);
    const manifest = { name: "g" } as Parameters<
      NonNullable<(typeof CLIS)["pi"]["packaging"]["bridge"]>["pluginPath"]
    >[0];
    const folders = bridges.filter((n) =>
      CLIS[n as keyof typeof CLIS].packaging.bridge?.pluginPath(manifest).includes("/"),
    );
    expect([...FOLDER_PLUGIN_CLIS].sort()).toEqual(folders);
  });

  it("the release group holds every adapter package, and every package that ships", () => {
    const fixed: string[] = json(".changeset/config.json").fixed[0];
    const shipped = [
      ...packageDirs("packages").map((d) => json(`packages/${d}/package.json`).name as string),
      ...packageDirs("apps").map((d) => json(`apps/${d}/package.json`).name as string),
    ].filter((n) => !["@hookrail/test-utils", "@hookrail/build", "@hookrail/architecture"].includes(n));
    expect([...fixed].sort()).toEqual(shipped.sort());
  });

  it("the bench times the merge gate in every CLI whose hooks are commands (the bridge CLIs have their own bench)", async () => {
    const { benchCases } = (await import(join(root, "scripts", "bench-cases.mjs"))) as {
      benchCases: Record<string, { clis: string[] }>;
    };
    const commandHooks = names.filter((n) => !CLIS[n as keyof typeof CLIS].packaging.bridge);
    expect([...(benchCases["merge-gate"]?.clis ?? [])].sort()).toEqual(commandHooks);
    for (const bench of Object.values(benchCases)) for (const c of bench.clis) expect(commandHooks).toContain(c);
  });

  it("every bench case finds its guardrail's shipped bundle in each CLI it names", async () => {
    const { benchCases, bundleFile } = (await import(join(root, "scripts", "bench-cases.mjs"))) as {
      benchCases: Record<string, { clis: string[]; guardrail?: string }>;
      bundleFile: (root: string, guardrail: string, cli: string) => string;
    };
    for (const [name, bench] of Object.entries(benchCases))
      for (const cli of bench.clis) expect(existsSync(bundleFile(root, bench.guardrail ?? name, cli)), cli).toBe(true);
  });

  it("the published package's description and the README name every CLI", () => {
    const description: string = json("apps/cli/package.json").description;
    const readme = readFileSync(join(root, "README.md"), "utf8");
    for (const name of names) {
      const { title } = CLIS[name as keyof typeof CLIS];
      expect(description, title).toContain(title);
      expect(readme, title).toContain(title);
    }
  });
});
