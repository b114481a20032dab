// The cursor hook: joins worktree-check with the cursor adapter. Bundled into plugins/worktree-check/cursor/.

import { hookMain } from "@hookrail/core";
import { cursorAdapter } from "@hookrail/cursor";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, cursorAdapter);
