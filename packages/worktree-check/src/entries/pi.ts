// The pi hook: joins worktree-check with the pi adapter. Bundled into plugins/worktree-check/pi/.

import { hookMain } from "@hookrail/core";
import { piAdapter } from "@hookrail/pi";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, piAdapter);
