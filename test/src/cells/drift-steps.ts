// The drift scenario the cells share: the session's own branch switch, then another process (a background
// job waiting for a trigger file) switches the branch behind the session's back, and the next edit follows.
import type { Step } from "../scenario.ts";

export const DRIFT_HEADLINE = "drift: this checkout MOVED since the session was last told what it is";

/** Steps 0-3: own `git checkout -b other`, the waiting job, the trigger file, the edit the note must ride on. */
export const FOREIGN_MOVE: Step[] = [
  { kind: "shell", command: "git checkout -q -b other" },
  {
    kind: "shell",
    // Its own session and process group: CLIs end the command's process group when it returns.
    command:
      "setsid sh -c 'while [ ! -e go.md ]; do sleep 0.1; done; git checkout -q -b theirs' </dev/null >/dev/null 2>&1 &",
  },
  // The job polls every 0.1 s; a CLI whose hooks answer in a millisecond (a bridge's worker) would reach the
  // next edit first, so the model takes a second before it.
  { kind: "write", path: "go.md", content: "go\n", thinkMs: 1000 },
  { kind: "write", path: "notes-2.md", content: "second edit\n" },
];
