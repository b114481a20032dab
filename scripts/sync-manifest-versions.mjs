#!/usr/bin/env node
// After `changeset version` bumps package.json versions, rebuild the shipped folders: plugin.json,
// gemini-extension.json and the marketplace take each guardrail's version from its package.json.
import { spawnSync } from "node:child_process";

const result = spawnSync(process.execPath, ["scripts/run-ts.mjs", "packages/build/src/main.ts"], { stdio: "inherit" });
process.exitCode = result.status ?? 1;
