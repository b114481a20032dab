// A bundle in a file of its own is read in parts (split.ts): the first, with the entry, on every run; a later part only
// when a module in it is first required, then set up once. Each part has a code cache of its own. A run that needs
// only the first part never reads the others: damage there touches only the runs that need them, which fail with the
// bundle's own error (a gate's error boundary then blocks), and the file must still be this build's.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { bundleFileSource, type LoaderOptions, loaderSource } from "../src/loader.ts";
import { type BundlePart, ENTRY_MODULE } from "../src/split.ts";

const ID = "g-0123456789abcdef";

// The entry answers from the first part ("plain") or from a module of the second ("deep"), as $CALL says; the second
// part's module counts its set-ups; a module of the first part is shared by both. Text outside ASCII in a pattern
// (esbuild escapes it in strings, not in regular expressions) must keep the parts' byte offsets right.
/** A part as split.ts makes them: a script exporting each module's set-up (once) by name, as esbuild's are. */
const part = (modules: Record<string, string>): BundlePart => ({
  code: `const made = Object.create(null);
function setUp(name, body) {
  if (!made[name]) {
    made[name] = { exports: {} };
    body(made[name].exports, made[name]);
  }
  return made[name].exports;
}
module.exports = {
${Object.entries(modules)
  .map(
    ([name, code]) =>
      `${JSON.stringify(name)}: () => setUp(${JSON.stringify(name)}, function (exports, module) {${code}\n}),`,
  )
  .join("\n")}
};`,
  modules: Object.keys(modules),
});

const PARTS = (
  [
    {
      [ENTRY_MODULE]: `const shared = require("./c-shared.js");
const answer = process.env.CALL === "deep" ? require("./c-deep.js").deep(shared) : shared.word("plain");
process.stdout.write(answer);`,
      "c-shared.js": `exports.word = (w) => w.replace(/[\u2013\u2014]/g, "-") + "!";`,
    },
    {
      "c-deep.js": `globalThis.deepStarts = (globalThis.deepStarts || 0) + 1;
const again = require("./c-deep.js");
exports.deep = (shared) => shared.word("deep\u2013" + globalThis.deepStarts + (again === module.exports ? "" : " twice"));`,
    },
  ] as Record<string, string>[]
).map(part);

const options: LoaderOptions = {
  id: ID,
  code: PARTS,
  startFailure: { exitCode: 2, stdout: "", stderr: "g: could not start (%HOOKRAIL_START_ERROR%)\n" },
  audit: { guardrail: "g", decision: "failed-closed", code: "var hookrailAudit = { auditStartFailure() {} };" },
  bundleFile: "g.bundle",
};

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The hook file and its bundle's file in a fresh folder, `edit` done to the bundle's text. */
function shipped(edit: (text: string) => string = (t) => t): string {
  dir = tempDir("loader-parts-");
  writeFileSync(join(dir, "g.cjs"), loaderSource(options));
  writeFileSync(join(dir, "g.bundle"), edit(bundleFileSource(options)));
  return join(dir, "g.cjs");
}

const run = (file: string, call: "plain" | "deep") => {
  try {
    return { out: execFileSync(process.execPath, [file], { encoding: "utf8", env: envOf(call), stdio: "pipe" }) };
  } catch (error) {
    const e = error as { stdout: string; stderr: string };
    return { out: e.stdout, err: e.stderr };
  }
};
const envOf = (call: string) => ({
  PATH: process.env.PATH,
  HOME: dir,
  HOOKRAIL_CACHE_DIR: join(dir, "cache"),
  CALL: call,
});
const caches = () => readdirSync(join(dir, "cache")).sort();

/** The bundle's text with the second part's first module body replaced by one of the same length in bytes. */
const damageSecondPart = (text: string) => {
  const at = text.indexOf("globalThis.deepStarts");
  const body = "globalThis.deepStarts";
  return `${text.slice(0, at)}${"}".repeat(body.length)}${text.slice(at + body.length)}`;
};

describe("a bundle in parts", () => {
  it("reads the second part only for a call that needs it, sets its modules up once, and caches each part", () => {
    const file = shipped();
    expect(run(file, "plain").out).toBe("plain!");
    expect(caches()).toEqual([expect.stringMatching(new RegExp(`^${ID}-v`))]);
    expect(run(file, "deep").out).toBe("deep-1!");
    expect(caches()).toEqual([
      expect.stringMatching(new RegExp(`^${ID}-v`)),
      expect.stringMatching(new RegExp(`^${ID}\\.1-v`)),
    ]);
    const made = caches().map((name) => readFileSync(join(dir, "cache", name)));
    // Both caches used as they are.
    expect(run(file, "deep").out).toBe("deep-1!");
    expect(caches().map((name) => readFileSync(join(dir, "cache", name)))).toEqual(made);
  });

  it("runs a call of the first part when the second is damaged, and fails the call that needs it", () => {
    const file = shipped(damageSecondPart);
    expect(run(file, "plain").out).toBe("plain!");
    const deep = run(file, "deep");
    expect(deep.out).toBe("");
    expect(deep.err).toMatch(/^g: could not start \(/);
  });

  it("reads a copy whose line ends a checkout turned into CRLF", () => {
    const file = shipped((text) => text.replace(/\n/g, "\r\n"));
    expect(run(file, "plain").out).toBe("plain!");
    expect(run(file, "deep").out).toBe("deep-1!");
  });

  it.each<[string, (text: string) => string, RegExp]>([
    [
      "another build's file of the same size",
      (t) => t.replace(ID, "g-fedcba9876543210"),
      /damaged or of another build/,
    ],
    ["a file cut short", (t) => t.slice(0, -10), /damaged or of another build/],
    ["an empty file", () => "", /damaged or of another build/],
  ])("refuses %s: the start failure, nothing of the bundle run", (_label, edit, reason) => {
    const file = shipped(edit);
    for (const call of ["plain", "deep"] as const) {
      const result = run(file, call);
      expect(result.out).toBe("");
      expect(result.err).toMatch(reason);
    }
  });

  it("refuses a second part of another build read after the first", () => {
    const file = shipped();
    // The file is replaced by another build's between the two parts' reads: the first part asks for the second, which
    // the loader reads from the new file.
    const other = bundleFileSource({ ...options, id: "g-fedcba9876543210" });
    writeFileSync(
      join(dir, "swap.cjs"),
      `const fs = require("node:fs");
const read = fs.readSync;
let reads = 0;
fs.readSync = function (...args) {
  if (++reads === 3) fs.writeFileSync(${JSON.stringify(join(dir, "g.bundle"))}, ${JSON.stringify(other)});
  return read.apply(this, args);
};`,
    );
    const result = (() => {
      try {
        execFileSync(process.execPath, ["--require", join(dir, "swap.cjs"), file], {
          env: envOf("deep"),
          stdio: "pipe",
        });
        return "";
      } catch (error) {
        return String((error as { stderr: string }).stderr);
      }
    })();
    expect(result).toMatch(/damaged or of another build/);
  });
});

describe("how the parts are decoded", () => {
  it("reads an ASCII bundle as Latin-1 and one with other characters as UTF-8, to the same text", () => {
    const ascii: LoaderOptions = {
      ...options,
      code: PARTS.map((p) => ({ ...p, code: p.code.replace(/\u2013/g, "\\u2013").replace(/\u2014/g, "\\u2014") })),
    };
    expect(loaderSource(options)).toContain('toString("utf8", head.length)');
    expect(loaderSource(ascii)).toContain('toString("latin1", head.length)');
    for (const o of [options, ascii]) {
      dir = tempDir("loader-parts-");
      writeFileSync(join(dir, "g.cjs"), loaderSource(o));
      writeFileSync(join(dir, "g.bundle"), bundleFileSource(o));
      expect(run(join(dir, "g.cjs"), "deep").out).toBe("deep-1!");
      // A checkout that turned the line ends into CRLF: the file is read whole, in the same encoding.
      writeFileSync(join(dir, "g.bundle"), bundleFileSource(o).replace(/\n/g, "\r\n"));
      expect(run(join(dir, "g.cjs"), "deep").out).toBe("deep-1!");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
