export { type BundleResult, bundlePath, repoRoot, runBundle } from "./bundle.ts";
export { type Answer, cliRunsTool } from "./cli-rules.ts";
export { type FixturePayload, fixturePayloads } from "./fixtures.ts";
export { type GitRepo, gitEnv, gitRepo } from "./git-repo.ts";
export { type GitShim, gitShim } from "./git-shim.ts";
export { type FixtureCli, hookEnv, hookPayload } from "./hook-payloads.ts";
export { tempDir } from "./temp.ts";
