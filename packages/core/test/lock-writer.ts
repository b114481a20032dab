// A process for the lock test: increments a counter kept in a plain file (read, then write: not atomic),
// many times, each time under the one file lock.
import { readFileSync, writeFileSync } from "node:fs";
import { withFileLock } from "../src/state/state.ts";

const [file = "", rounds = "10"] = process.argv.slice(2);
for (let i = 0; i < Number(rounds); i++) {
  withFileLock(`${file}.lock`, 30_000, () => {
    const count = Number(readFileSync(file, "utf8"));
    writeFileSync(file, String(count + 1));
  });
}
