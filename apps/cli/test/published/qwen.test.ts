// The packed hookrail installing into Qwen Code: user scope through Qwen's own installer, `qwen extensions
// install <folder> --consent` (the pinned real binary, stdin closed: it must not wait on a question), and the
// silent-skip causes doctor names, as Qwen's own commands leave them.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { sandbox } from "./sandbox.ts";

describe("hookrail install --cli qwen", () => {
  it("user scope: installs and enables the extension without a prompt; twice is once; a disabled extension is named; uninstall removes it", async () => {
    const box = sandbox(["qwen"]);
    const r = await box.hookrail("install", "merge-gate", "--cli", "qwen");
    expect(r.exitCode, r.stderr).toBe(0);
    const installed = join(box.home, ".qwen", "extensions", "merge-gate");
    expect(existsSync(join(installed, "hooks", "merge-gate.cjs"))).toBe(true);
    expect(JSON.parse(box.read(".qwen/extensions/merge-gate/hooks/hooks.json")).hooks.PreToolUse[0].matcher).toBe(
      "run_shell_command|write_file|edit|notebook_edit",
    );
    expect((await box.hookrail("list")).stdout).toMatch(/qwen +user +merge-gate +\S+ +yes/);
    expect((await box.hookrail("install", "merge-gate", "--cli", "qwen", "--dry-run")).stdout).toContain(
      "(nothing to change)",
    );

    // Qwen's own switch, as a user would flip it in this folder.
    const qwen = await execa("qwen", ["extensions", "disable", "--scope", "workspace", "merge-gate"], {
      cwd: box.repo,
      env: box.env,
      extendEnv: false,
      stdin: "ignore",
      reject: false,
    });
    expect(qwen.exitCode, qwen.stderr).toBe(0);
    const doctor = await box.hookrail("doctor");
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toContain(`the extension merge-gate is disabled for ${box.repo}`);

    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "qwen")).exitCode).toBe(0);
    expect(existsSync(installed)).toBe(false);
  });
});
