// The claude hook: joins worktree-check with the claude adapter. Bundled into plugins/worktree-check/claude/.
import { claudeAdapter } from "@hookrail/claude";
import { hookMain } from "@hookrail/core";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, claudeAdapter);
