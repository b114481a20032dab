// The codex hook: joins worktree-check with the codex adapter. Bundled into plugins/worktree-check/codex/.
import { codexAdapter } from "@hookrail/codex";
import { hookMain } from "@hookrail/core";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, codexAdapter);
