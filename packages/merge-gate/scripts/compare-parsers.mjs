#!/usr/bin/env node
// Measures the two shell parsers the merge gate could use, on its labelled corpus: load time (fresh processes),
// parse time, agreement with `bash -n` on what is valid syntax, and whether each exposes what the analysis needs
// (every simple command, with its words decoded), the decoded words checked against bash itself.
//
//   cd /tmp/x && npm install --no-save sh-syntax
//   node packages/merge-gate/scripts/compare-parsers.mjs --sh-syntax /tmp/x/node_modules/sh-syntax
//
// Without --sh-syntax only unbash is measured. Needs bash on PATH and esbuild (a root devDependency, to time
// unbash bundled as the hook ships it). Prints a report; leaves nothing behind.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const corpus = readFileSync(join(here, "../test/fixtures/corpus.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line).command);
const shDir = process.argv.includes("--sh-syntax") ? process.argv[process.argv.indexOf("--sh-syntax") + 1] : undefined;
const unbashUrl = import.meta.resolve("unbash");
const shUrl = shDir ? pathToFileURL(join(shDir, "lib/index.js")).href : undefined;
const RUNS = 21;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Wall time of a fresh `node` running `code`, median of RUNS. */
function nodeStart(code) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", code]);
    if (r.status !== 0) throw new Error(r.stderr.toString());
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(times);
}

/**
 * Time from `import()` to the first parse done, measured inside fresh processes: wall time and CPU time
 * (CPU time is the steadier number on a busy machine).
 */
function inProcess(url) {
  const code =
    `const c = process.cpuUsage(); const t = performance.now(); const m = await import(${JSON.stringify(url)}); ` +
    `await m.parse("gh pr merge 1"); const u = process.cpuUsage(c); ` +
    `process.stdout.write(JSON.stringify([performance.now() - t, (u.user + u.system) / 1000]));`;
  const wall = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", code]);
    if (r.status !== 0) throw new Error(r.stderr.toString());
    const [w, c] = JSON.parse(r.stdout.toString());
    wall.push(w);
    cpu.push(c);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/** Load time of unbash as the shipped hook has it: bundled into one file by esbuild. */
async function bundledUnbash() {
  const { build } = await import("esbuild");
  const dir = mkdtempSync(join(tmpdir(), "unbash-bundle-"));
  try {
    const outfile = join(dir, "unbash.mjs");
    await build({
      entryPoints: [fileURLToPath(unbashUrl)],
      bundle: true,
      format: "esm",
      platform: "node",
      minify: true,
      outfile,
    });
    return inProcess(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function bashAccepts(command) {
  return spawnSync("bash", ["-n"], { input: command }).status === 0;
}

// Decoded value of a static word as bash itself prints it (glob off). Only words without any expansion are
// given to bash, so nothing in the corpus is run.
function bashWords(texts) {
  const script = `set -f\n${texts.map((t) => `printf '%s\\0' ${t}`).join("\n")}\n`;
  const r = spawnSync("bash", ["-s"], { input: script, env: { PATH: process.env.PATH, HOME: "/nonexistent" } });
  return r.status === 0 ? r.stdout.toString().split("\0").slice(0, -1) : null;
}

async function measureUnbash() {
  const { parse, forEachChild } = await import(unbashUrl);
  const importMs = nodeStart(`await import(${JSON.stringify(unbashUrl)});`);
  const startMs = nodeStart(`const m = await import(${JSON.stringify(unbashUrl)}); m.parse("gh pr merge 1");`);
  const insideMs = inProcess(unbashUrl);
  const bundledMs = await bundledUnbash();
  const t = performance.now();
  for (let i = 0; i < 20; i++) for (const c of corpus) parse(c);
  const parseUs = ((performance.now() - t) * 1000) / (20 * corpus.length);
  let agree = 0;
  let exposed = 0;
  let words = 0;
  let wordsAgree = 0;
  const mismatches = [];
  for (const command of corpus) {
    let errors = false;
    const commands = [];
    const visit = (node) => {
      if (node.type === "Script" && node.errors?.length) errors = true;
      if (node.type === "Command" && node.name) commands.push(node);
      forEachChild(node, visit);
    };
    visit(parse(command));
    if (errors !== bashAccepts(command)) agree++;
    if (commands.length > 0) exposed++;
    const statics = commands
      .flatMap((c) => [c.name, ...c.args.filter((a) => a.type === "Word")])
      .filter(
        (w) =>
          !/`|\$(?!')|[<>]\(|^~|[{}*?[]/.test(w.text) &&
          !(w.parts ?? []).some(
            (p) =>
              p.type !== "Literal" &&
              p.type !== "SingleQuoted" &&
              p.type !== "AnsiCQuoted" &&
              p.type !== "DoubleQuoted",
          ),
      );
    if (errors || statics.length === 0) continue;
    const fromBash = bashWords(statics.map((w) => w.text));
    if (!fromBash || fromBash.length !== statics.length) continue;
    statics.forEach((w, i) => {
      words++;
      if (w.value === fromBash[i]) wordsAgree++;
      else mismatches.push(`${w.text} → unbash ${JSON.stringify(w.value)}, bash ${JSON.stringify(fromBash[i])}`);
    });
  }
  return {
    name: "unbash",
    importMs,
    startMs,
    insideMs,
    bundledMs,
    parseUs,
    agree,
    exposed,
    words: `${wordsAgree}/${words}`,
    mismatches,
  };
}

async function measureShSyntax() {
  const { parse } = await import(shUrl);
  const importMs = nodeStart(`await import(${JSON.stringify(shUrl)});`);
  const startMs = nodeStart(`const m = await import(${JSON.stringify(shUrl)}); await m.parse("gh pr merge 1");`);
  const insideMs = inProcess(shUrl);
  const t = performance.now();
  for (let i = 0; i < 20; i++) for (const c of corpus) await parse(c).catch(() => null);
  const parseUs = ((performance.now() - t) * 1000) / (20 * corpus.length);
  let agree = 0;
  let exposed = 0;
  for (const command of corpus) {
    const file = await parse(command).catch(() => null);
    if ((file !== null) === bashAccepts(command)) agree++;
    // The wasm build serialises each statement's command as positions only (no Args, no word parts).
    const cmds = file?.Stmts?.map((s) => s.Cmd).filter(Boolean) ?? [];
    if (cmds.some((c) => Object.keys(c).some((k) => k !== "Pos" && k !== "End"))) exposed++;
  }
  return {
    name: "sh-syntax",
    importMs,
    startMs,
    insideMs,
    parseUs,
    agree,
    exposed,
    words: "n/a (no words exposed)",
    mismatches: [],
  };
}

const baseline = nodeStart("");
const results = [await measureUnbash()];
if (shUrl) results.push(await measureShSyntax());
console.log(`corpus: ${corpus.length} commands; bare node start ${baseline.toFixed(1)} ms (median of ${RUNS})`);
const ms = (n) => `${n.toFixed(1)} ms`;
for (const r of results) {
  const bundled = r.bundledMs ? `; bundled by esbuild ${ms(r.bundledMs.wall)} wall / ${ms(r.bundledMs.cpu)} CPU` : "";
  console.log(`${r.name}
  load + first parse: +${ms(r.startMs - baseline)} on a fresh node (import alone +${ms(r.importMs - baseline)}); \
inside the process ${ms(r.insideMs.wall)} wall / ${ms(r.insideMs.cpu)} CPU${bundled}
  parse: ${r.parseUs.toFixed(1)} µs per corpus command
  syntax verdict agrees with bash -n: ${r.agree}/${corpus.length}
  lines whose simple commands it exposes: ${r.exposed}/${corpus.length}
  static words decoded as bash decodes them: ${r.words}`);
  for (const m of r.mismatches.slice(0, 10)) console.log(`  word mismatch: ${m}`);
}
