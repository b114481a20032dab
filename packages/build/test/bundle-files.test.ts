// Every shipped hook file's bundle is where its loader reads it: beside it, in the file it names, of its build. Node
// then reads and compiles only the small loader on each run. A git hook, copied alone into a repository, keeps its
// bundle in its own comments; a project form's small hook file runs the project's copy and has no bundle, nor has a
// dispatcher.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { CLIS, supportedClis } from "@hookrail/clis";
import { bundleFileNamedBy, bundleFileOf, PROJECT_HOOK_MARK, refusalIn } from "@hookrail/core";
import { repoRoot } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { findGuardrails } from "../src/index.ts";

const plugins = join(repoRoot, "plugins");
const files = readdirSync(plugins, { recursive: true, encoding: "utf8" }).map((f) => join(plugins, f));
const hookFiles = files.filter((f) => f.endsWith(".cjs"));
const bundleFiles = files.filter((f) => f.endsWith(".bundle"));
const kind = (file: string) => {
  const text = readFileSync(file, "utf8");
  if (text.split("\n", 1)[0]?.includes(PROJECT_HOOK_MARK)) return "project form";
  // A dispatcher (Kimi Code's dispatch.cjs) is plain code that requires the guardrails' hook files: no bundle.
  if (text.startsWith("#!/usr/bin/env node\n")) return "dispatcher";
  return /[\\/]git[\\/][\w-]+\.cjs$/.test(file) ? "git hook" : "loader";
};

describe("the shipped hook files and their bundles' files", () => {
  it("finds hook files of each kind", () => {
    const kinds = hookFiles.map(kind);
    expect(kinds.filter((k) => k === "loader").length).toBeGreaterThan(60);
    expect(kinds).toContain("project form");
    expect(kinds).toContain("git hook");
  });

  it.each(hookFiles.map((f) => [relative(repoRoot, f), f]))("%s", (_name, file) => {
    const text = readFileSync(file, "utf8");
    const named = bundleFileNamedBy(file, text);
    if (kind(file) !== "loader") {
      expect(named).toBeUndefined();
      return;
    }
    // The loader alone, naming the file beside it that bundleFileOf names, which holds this build's bundle.
    expect(named).toBe(bundleFileOf(file));
    expect(text).not.toMatch(/^\/\/hookrail-bundle /m);
    expect(text.length).toBeLessThan(32 * 1024);
    const bundle = readFileSync(named ?? "", "utf8");
    const id = /^\/\/hookrail-bundle ([\w-]+-[0-9a-f]{16})\n/.exec(bundle)?.[1];
    expect(id, "the bundle's first line names its build").toBeDefined();
    expect(text).toContain(JSON.stringify(`//hookrail-bundle ${id}\n`));
  });

  // The modules a guardrail imports on demand (the gates' shell parser and analysis) are a later part of the bundle,
  // which a call the prefilter clears never reads (split.ts).
  it.each(["merge-gate", "command-gates"])("%s: every CLI's first part holds less than half the bundle", (g) => {
    const loaders = hookFiles.filter((f) => f.includes(`${g}.cjs`) && kind(f) === "loader");
    expect(loaders.length).toBeGreaterThan(10);
    for (const file of loaders) {
      const layout = /= (\[\[\d+,\d+,\d+\](?:,\[\d+,\d+,\d+\])*\])\[i\];/.exec(readFileSync(file, "utf8"))?.[1];
      const parts = JSON.parse(layout ?? "[]") as [number, number, number][];
      const size = readFileSync(bundleFileOf(file)).length;
      expect(parts.length, file).toBe(2);
      expect(parts[0]?.[1] ?? size, file).toBeLessThan(size / 2);
    }
  });

  it("has no bundle's file that no hook file reads", () => {
    const read = new Set(hookFiles.map((f) => bundleFileNamedBy(f, readFileSync(f, "utf8"))));
    expect(bundleFiles.filter((b) => !read.has(b)).map((b) => relative(repoRoot, b))).toEqual([]);
  });
});

const found = await findGuardrails(repoRoot);
const guardrailManifest = (g: string) => {
  const manifest = found.find((f) => f.manifest.name === g)?.manifest;
  if (!manifest) throw new Error(`no guardrail package for plugins/${g}`);
  return manifest;
};

// A CLI that runs several guardrails in one process (its packaging's oneProcess) ships in each guardrail's folder the
// same bundle, holding every guardrail it does not refuse, run by the name its loader gives; elsewhere each guardrail's
// bundle is its own.
describe("the bundle of the guardrails a CLI runs in one process", () => {
  const guardrails = readdirSync(plugins).filter((g) => !g.startsWith("."));
  const codeOf = (g: string, cli: string) => {
    const folder = join(plugins, g, cli);
    const loader = readdirSync(folder, { recursive: true, encoding: "utf8" }).find((f) => f.endsWith(`${g}.cjs`));
    const file = join(folder, loader ?? `${g}.cjs`);
    const bundle = readFileSync(bundleFileOf(file), "utf8");
    return { loader: readFileSync(file, "utf8"), code: bundle.slice(bundle.indexOf("\n") + 1) };
  };

  it.each(supportedClis().map((c) => [c.name, c.packaging.oneProcess === true] as const))(
    "%s (one process: %s)",
    (cli, oneProcess) => {
      const built = guardrails.filter((g) => readdirSync(join(plugins, g)).includes(cli));
      if (built.length < 2 || CLIS[cli].packaging.bridge) return;
      const codes = built.map((g) => codeOf(g, cli).code);
      if (!oneProcess) {
        expect(new Set(codes).size).toBe(built.length);
        return;
      }
      const members = built.filter((g) => refusalIn(guardrailManifest(g), CLIS[cli].places.lacks) === undefined);
      expect(members.length).toBeGreaterThan(1);
      expect(new Set(members.map((g) => codeOf(g, cli).code)).size).toBe(1);
      for (const g of members) expect(codeOf(g, cli).loader).toContain(`exports.answer(${JSON.stringify(g)}, `);
      for (const g of built.filter((g) => !members.includes(g)))
        expect(codeOf(g, cli).code).not.toBe(codeOf(members[0] ?? "", cli).code);
    },
  );
});

describe("bundleFileNamedBy", () => {
  it.each<[string, string, string | undefined]>([
    ["/p/hooks/g.cjs", "// x\n// It reads its bundle from g.bundle beside this file.\ncode", "/p/hooks/g.bundle"],
    ["C:\\p\\g.cjs", "// It reads its bundle from g.bundle beside this file.\n", "C:\\p\\g.bundle"],
    ["/p/g.cjs", "// It reads its bundle from ../g.bundle beside this file.\n", undefined],
    ["/p/g.cjs", "code // It reads its bundle from g.bundle beside this file.\n", undefined],
    ["/p/g.cjs", "//hookrail-bundle g-0123456789abcdef\n//(function", undefined],
  ])("%s: %j → %s", (file, text, expected) => {
    expect(bundleFileNamedBy(file, text)).toBe(expected);
  });
});
