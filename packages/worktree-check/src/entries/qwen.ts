// The qwen hook: joins worktree-check with the qwen adapter. Bundled into plugins/worktree-check/qwen/.

import { hookMain } from "@hookrail/core";
import { qwenAdapter } from "@hookrail/qwen";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, qwenAdapter);
