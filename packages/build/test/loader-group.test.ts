// A bundle that holds several guardrails (a CLI that runs them in one process): each guardrail's loader passes its
// own name, and the loaders of one build in one process start the bundle once between them. A loader whose own
// bundle's file is damaged still answers its own start failure when no loader of its build started the bundle.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { bundleFileSource, type LoaderOptions, loaderSource } from "../src/loader.ts";

const AUDIT = { decision: "failed-closed" as const, code: "var hookrailAudit = { auditStartFailure() {} };" };

/** The group's code: counts its starts, runs or answers the guardrails `a` and `b`, and no other. */
const GROUP = `globalThis.starts = (globalThis.starts || 0) + 1;
const known = (name) => {
  if (name !== "a" && name !== "b") throw new Error("this bundle holds no guardrail named " + name);
};
exports.run = (name) => {
  // A guardrail the group loads with import() fails there as a rejection.
  if (name === "late") return Promise.reject(new Error("the guardrail late could not be set up"));
  known(name);
  process.stdout.write("ran " + name);
};
exports.answer = async (name, input) => {
  known(name);
  return { exitCode: 0, stdout: name + " answered " + input + ", starts " + globalThis.starts, stderr: "" };
};
`;

/** Guardrail `name`'s folder in `dir`: its loader and the group's bundle beside it, of build `build`. */
function folder(dir: string, name: string, build = "0123456789abcdef", code = GROUP): string {
  const at = join(dir, name);
  mkdirSync(at, { recursive: true });
  const options: LoaderOptions = {
    id: `${name}-${build}`,
    code,
    startFailure: { exitCode: 2, stdout: "", stderr: `${name}: could not start (%HOOKRAIL_START_ERROR%)\n` },
    audit: { ...AUDIT, guardrail: name },
    library: true,
    bundleFile: `${name}.bundle`,
    group: { guardrail: name, build },
  };
  writeFileSync(join(at, `${name}.cjs`), loaderSource(options));
  writeFileSync(join(at, `${name}.bundle`), bundleFileSource(options));
  return join(at, `${name}.cjs`);
}

/** Each file required in one process with the library flag set, asked in turn; their answers, one a line. */
function answersInOneProcess(dir: string, files: string[]): string[] {
  const caller = join(dir, "caller.cjs");
  writeFileSync(
    caller,
    `globalThis[Symbol.for("hookrail.library")] = true;
(async () => {
  for (const file of ${JSON.stringify(files)}) {
    const a = await require(file).answer("{}", []);
    process.stdout.write((a.stdout || a.stderr).trim() + "\\n");
  }
})();
`,
  );
  const env = { PATH: process.env.PATH, HOME: dir, HOOKRAIL_CACHE_DIR: join(dir, "cache") };
  return execFileSync(process.execPath, [caller], { encoding: "utf8", env }).trim().split("\n");
}

const damage = (file: string) => writeFileSync(file.replace(/\.cjs$/, ".bundle"), "not the bundle\n");

describe("a bundle that holds several guardrails", () => {
  it.each<[string, (dir: string) => string[], string[]]>([
    [
      "two guardrails of one build share one start",
      (dir) => [folder(dir, "a"), folder(dir, "b")],
      ["a answered {}, starts 1", "b answered {}, starts 1"],
    ],
    [
      "two builds start one each",
      (dir) => [folder(dir, "a"), folder(dir, "b", "fedcba9876543210")],
      ["a answered {}, starts 1", "b answered {}, starts 2"],
    ],
    [
      "a damaged file answers its own start failure, and the other starts its own",
      (dir) => {
        const a = folder(dir, "a");
        damage(a);
        return [a, folder(dir, "b")];
      },
      ["a: could not start (the bundle FOLDER/a/a.bundle is damaged or of another build)", "b answered {}, starts 1"],
    ],
    [
      "a damaged file after another loader of its build started the bundle answers through that one",
      (dir) => {
        const b = folder(dir, "b");
        damage(b);
        return [folder(dir, "a"), b];
      },
      ["a answered {}, starts 1", "b answered {}, starts 1"],
    ],
    [
      "a guardrail the bundle does not hold answers its start failure",
      (dir) => [folder(dir, "c")],
      ["c: could not start (this bundle holds no guardrail named c)"],
    ],
  ])("%s", (_, files, expected) => {
    const dir = tempDir("loader-group-");
    const answers = answersInOneProcess(dir, files(dir));
    expect(answers).toEqual(expected.map((line) => line.replace("FOLDER", dir)));
  });

  it("runs its own guardrail as the hook process, and answers a start failure for one it does not hold", () => {
    const dir = tempDir("loader-group-");
    const env = { PATH: process.env.PATH, HOME: dir, HOOKRAIL_CACHE_DIR: join(dir, "cache") };
    expect(execFileSync(process.execPath, [folder(dir, "b")], { encoding: "utf8", env, input: "{}" })).toBe("ran b");
    const c = folder(dir, "c");
    let failed: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [c], { encoding: "utf8", env, input: "{}", stdio: "pipe" });
    } catch (error) {
      failed = error as typeof failed;
    }
    expect(failed.status).toBe(2);
    expect(failed.stderr).toBe("c: could not start (this bundle holds no guardrail named c)\n");
  });

  it("answers its start failure as the hook process when running its guardrail rejects", () => {
    const dir = tempDir("loader-group-");
    const env = { PATH: process.env.PATH, HOME: dir, HOOKRAIL_CACHE_DIR: join(dir, "cache") };
    let failed: { status?: number; stdout?: string; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [folder(dir, "late")], { encoding: "utf8", env, input: "{}", stdio: "pipe" });
    } catch (error) {
      failed = error as typeof failed;
    }
    expect(failed).toMatchObject({
      status: 2,
      stdout: "",
      stderr: "late: could not start (the guardrail late could not be set up)\n",
    });
  });

  it("is refused by the build for a loader that is not a CLI's library bundle", () => {
    const options = {
      id: "a-0123456789abcdef",
      code: GROUP,
      startFailure: { exitCode: 2, stdout: "", stderr: "" },
      audit: { ...AUDIT, guardrail: "a" },
      bundleFile: "a.bundle",
      group: { guardrail: "a", build: "0123456789abcdef" },
    };
    expect(() => loaderSource(options)).toThrow(/a group's bundle is a CLI's library bundle/);
  });
});
