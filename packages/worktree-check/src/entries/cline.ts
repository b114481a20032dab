// The cline hook: joins worktree-check with the cline adapter. Bundled into plugins/worktree-check/cline/.

import { clineAdapter } from "@hookrail/cline";
import { hookMain } from "@hookrail/core";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, clineAdapter);
