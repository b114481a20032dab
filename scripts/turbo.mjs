// turbo with its telemetry off, for every root script that runs it: a fresh HOME would otherwise get turbo's
// telemetry notice in the middle of `npm test` or `npm run demo`. turbo reads the switch only from its
// environment (or the user's own turbo config), so it is set here rather than in turbo.json.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const turbo = createRequire(import.meta.url).resolve("turbo/bin/turbo");
const run = spawnSync(process.execPath, [turbo, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
});
if (run.error) throw run.error;
process.exitCode = run.status ?? 1;
