// The gemini hook: joins worktree-check with the gemini adapter. Bundled into plugins/worktree-check/gemini/.

import { hookMain } from "@hookrail/core";
import { geminiAdapter } from "@hookrail/gemini";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, geminiAdapter);
