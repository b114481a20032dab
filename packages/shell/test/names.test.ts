// `@hookrail/shell/names` and `@hookrail/shell/words`: what a prefilter or a table of programs asks by a command's name
// and words, without setting up the analysis. Each engine module below is replaced by itself with a count of its
// loads; the last row imports the engine, which loads them all, to show the count sees a load.
import { describe, expect, it, vi } from "vitest";

const { seen: loads, counted } = await vi.hoisted(async () =>
  (await import("@hookrail/test-utils/module-loads")).moduleLoads(),
);

vi.mock("../src/analyze-line.ts", counted("parser"));
vi.mock("../src/analyze-invocation.ts", counted("dispatch"));
vi.mock("../src/command-runners.ts", counted("runners"));
vi.mock("../src/interpreters.ts", counted("interpreters"));
vi.mock("../src/powershell/ps-cmdlets.ts", counted("cmdlets"));

describe("the names and words entries", () => {
  it("answer by name and read words without loading the analysis", async () => {
    const names = await import("../src/names.ts");
    const words = await import("../src/words.ts");
    expect(["bash", "sudo", "npx", "docker", "python3.12", "node", "uv", "eval"].every(names.followsCommand)).toBe(
      true,
    );
    expect(["ls", "git", "make", "pythonista"].some(names.followsCommand)).toBe(false);
    expect(names.isInterpreterName("pypy3")).toBe(true);
    expect(names.followsPowershellCommand("Microsoft.PowerShell.Management\\set-location")).toBe(true);
    expect(names.followsPowershellCommand("iex")).toBe(true);
    expect(names.followsPowershellCommand("get-childitem")).toBe(false);
    expect(names.plainWrapped("rtk", ["rtk", "proxy", "git", "log"])).toEqual(["git", "log"]);
    expect(names.wrappersFrom(["tsb run", "./bin/sandbox"])).toEqual([["tsb", "run"], ["sandbox"]]);
    expect(names.packageManagerRuns("npm", ["npm", "exec", "x"])).toBe(true);
    const scan = words.scanOptions(["-it", "api", "sh"].map(words.literalArg), 0, { short: "" });
    expect(words.hasOption(scan, "-i")).toBe(true);
    expect(loads).toEqual({});
  });

  it("are answered the same by the analysis's own tables", async () => {
    const { interpreterOf } = await import("../src/interpreters.ts");
    const { analyzeRunner } = await import("../src/command-runners.ts");
    const { cmdletFor } = await import("../src/powershell/ps-cmdlets.ts");
    const { INTERPRETER_NAMES, isInterpreterName, RUNNER_NAMES } = await import("../src/followed.ts");
    const { CMDLET_NAMES } = await import("../src/powershell/ps-names.ts");
    for (const name of INTERPRETER_NAMES) expect(interpreterOf(name), name).toBeDefined();
    for (const name of ["python", "python3.13", "pypy3", "perl5", "nodes", "awkward"])
      expect(interpreterOf(name) !== undefined, name).toBe(isInterpreterName(name));
    // Each runner's analyser runs for its name (on a call with its name alone, which an analyser may fail to read:
    // it ran), and no other name's.
    const ctx = { analyzeInvocation: () => {} } as never;
    const call = (name: string) => ({ args: [{ value: name, text: name }], stdin: { kind: "none" } }) as never;
    const runs = (name: string) => {
      try {
        return analyzeRunner(name, call(name), ctx);
      } catch {
        return true;
      }
    };
    for (const name of RUNNER_NAMES) expect(runs(name), name).toBe(true);
    for (const name of ["ls", "git", "sudo", "bash"]) expect(runs(name), name).toBe(false);
    for (const name of CMDLET_NAMES) expect(cmdletFor(name, []), name).toBeDefined();
    expect(loads).toMatchObject({ interpreters: 1, runners: 1, cmdlets: 1 });
  });
});
