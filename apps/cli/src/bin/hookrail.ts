#!/usr/bin/env node
// The hookrail binary: the one place that touches process.
import { main } from "../main.ts";

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
