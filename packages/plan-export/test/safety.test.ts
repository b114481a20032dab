// Safety: failed writes are silent and retried with their outcome, names are never reused, and two
// processes exporting the same plan at once write one file.
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hookEntry } from "@hookrail/build";
import { tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishPlan } from "../src/io/publish.ts";
import { bundleEntry } from "./helpers/bundle.ts";
import { claudeSession, PLAN } from "./helpers/sessions.ts";
import { fixture, world, writeFile } from "./helpers/world.ts";

describe("failures", () => {
  it("a plan that cannot be written is silent, kept, and written as accepted by the next event", async () => {
    const w = world({ allowFailures: true });
    writeFile(join(w.repo.dir, "docs", "plans"), "a file where the folder should be");
    const s = claudeSession(w, "s1");
    await s.exitPlan();
    const approve = await s.approve();
    expect(approve).toMatchObject({ exitCode: 0, stdout: "" });
    expect(readFileSync(w.log, "utf8")).toMatch(/export failed; kept to retry/);
    rmSync(join(w.repo.dir, "docs", "plans"));
    // The next prompt would settle an open dialog as dismissed: the decided outcome wins.
    const next = await s.prompt();
    expect(next.model).toMatch(/saved the accepted plan/);
    expect(w.exported("accepted")).toHaveLength(1);
    expect(w.exported("rejected")).toEqual([]);
  });

  it("fails open: an unusable state folder answers nothing and logs", async () => {
    const w = world({ allowFailures: true });
    writeFileSync(join(w.home, "state"), "not a folder");
    const s = claudeSession(w, "s1");
    expect(await s.exitPlan()).toMatchObject({ exitCode: 0, stdout: "" });
    expect(readFileSync(w.log, "utf8")).toMatch(/"message":"failure"/);
  });
});

describe("publishing a file", () => {
  const doc = (hash: string) => `---\noutcome: accepted\nhash: sha256:${hash}\n---\n\n# Plan\n`;
  const hash = (c: string) => c.repeat(64);

  it("never overwrites: a taken name gets a numeric suffix", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "plan.md"), "the user's own notes\n");
    const first = await publishPlan(dir, "plan.md", doc(hash("a")), hash("a"), "accepted");
    const second = await publishPlan(dir, "plan.md", doc(hash("b")), hash("b"), "accepted");
    const again = await publishPlan(dir, "plan.md", doc(hash("a")), hash("a"), "accepted");
    expect([first, second, again]).toEqual([
      { path: join(dir, "plan-2.md"), created: true },
      { path: join(dir, "plan-3.md"), created: true },
      { path: join(dir, "plan-2.md"), created: false },
    ]);
    expect(readFileSync(join(dir, "plan.md"), "utf8")).toBe("the user's own notes\n");
    expect(readdirSync(dir).sort()).toEqual(["plan-2.md", "plan-3.md", "plan.md"]);
  });

  it("cleans up after a crashed writer: an old temp file and an old lock", async () => {
    const dir = tempDir();
    const temp = join(dir, ".plan-export-999-dead.tmp");
    const lock = join(dir, `.plan-export-${hash("c").slice(0, 16)}-accepted.lock`);
    writeFileSync(temp, "---\nhalf a fi");
    writeFileSync(lock, "");
    const old = new Date(Date.now() - 120_000);
    utimesSync(temp, old, old);
    utimesSync(lock, old, old);
    await publishPlan(dir, "plan.md", doc(hash("c")), hash("c"), "accepted");
    expect(readdirSync(dir)).toEqual(["plan.md"]);
  });
});

describe("two processes at once", () => {
  let hook: string;
  let folder = "";
  beforeAll(async () => {
    const entry = hookEntry(fileURLToPath(new URL("..", import.meta.url)), "planExport", "claude");
    folder = tempDir("plan-export-bundle-");
    hook = await bundleEntry(entry, folder);
  });
  // Made before the tests, so removed after them (tempDir cleans up only what a test makes).
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("sessions approving the same plan at the same moment write one file", async () => {
    const w = world();
    for (let round = 0; round < 3; round++) {
      const plan = `${PLAN}\nround ${round}\n`;
      const runs = Array.from({ length: 6 }, (_, i) => {
        const s = claudeSession(w, `r${round}-s${i}`);
        const payload = fixture("claude", "PostToolUse.ExitPlanMode.default", {
          "<SESSION_ID>": s.id,
          "<HOME>": w.home,
          "<PROJECT_DIR>": w.repo.dir,
          "<PLAN_SLUG>": `slug-${i}`,
        });
        const input = JSON.stringify({ ...payload, tool_response: { plan, isAgent: false, filePath: s.planPath } });
        return execa(process.execPath, [hook], { input, env: w.env, reject: false });
      });
      const results = await Promise.all(runs);
      expect(results.map((r) => r.exitCode)).toEqual(Array(6).fill(0));
      const said = results.filter((r) => r.stdout.includes("saved the accepted plan"));
      expect(said).toHaveLength(1);
    }
    const files = readdirSync(join(w.repo.dir, "docs", "plans", "accepted"));
    expect(files).toHaveLength(3);
    expect(files.every((f) => f.endsWith(".md") && !f.startsWith("."))).toBe(true);
  });
});
