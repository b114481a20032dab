export { type FixturePayload, fixturePayloads } from "./fixtures.ts";
export { type GitRepo, gitEnv, gitRepo } from "./git-repo.ts";
export { tempDir } from "./temp.ts";
export { type BundleResult, bundlePath, repoRoot, runBundle } from "./bundle.ts";
