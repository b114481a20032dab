export {
  BRIDGE_CLIS,
  type BridgeCli,
  bridgeEnvelope,
  bridgeFixture,
  FOLDER_PLUGIN_CLIS,
  loadPlugin,
  pluginFile,
  shippedPath,
} from "./bridge-plugins.ts";
export {
  assertFresh,
  type BundleResult,
  bundleFileBeside,
  bundlePath,
  copyHook,
  type RunBundleOptions,
  repoRoot,
  runBundle,
} from "./bundle.ts";
export { type Answer, cliRunsTool } from "./cli-rules.ts";
export {
  CACHE_DAMAGES,
  cacheFile,
  cacheFiles,
  cacheIsIntact,
  cachePart,
  cachePayload,
  type ForeignCaches,
  flipTail,
  LOADER_FAULTS,
  preload,
  sharedTempDir,
  userWithoutPasswdEntry,
  writeSignedCache,
} from "./code-cache.ts";
export {
  type FakeCheck,
  type FakeGhAnswer,
  type FakePullRequest,
  type FakeReview,
  GH_OFFLINE,
  prViewJson,
  sha,
  writeFakeGh,
} from "./fake-gh.ts";
export { type FixturePayload, fixturePayloads } from "./fixtures.ts";
export { type GitRepo, gitEnv, gitRepo } from "./git-repo.ts";
export { type GitShim, gitShim } from "./git-shim.ts";
export { type FixtureCli, hookEnv, hookPayload } from "./hook-payloads.ts";
export { prng } from "./prng.ts";
export { stableText } from "./stable-text.ts";
export { tempDir } from "./temp.ts";
