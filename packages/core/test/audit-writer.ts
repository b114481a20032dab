// A hook process for the concurrency test: appends `rounds` audit entries, each one long, to one folder.
import { writeAudit } from "../src/audit/audit.ts";

const [dir = "", id = "0", rounds = "10"] = process.argv.slice(2);
const limits = { enabled: true, maxAgeDays: 30, maxBytes: 8 * 1024 * 1024 };
for (let i = 0; i < Number(rounds); i++) {
  const entry = {
    time: new Date().toISOString(),
    cli: "claude" as const,
    guardrail: "merge-gate",
    session: `writer-${id}`,
    decision: "block" as const,
    reason: `${id}:${i} ${"x".repeat(3000)}`,
  };
  if (!writeAudit(entry, { HOOKRAIL_STATE_DIR: dir }, limits)) process.exitCode = 1;
}
