// The kimi hook: joins worktree-check with the kimi adapter. Bundled into plugins/worktree-check/kimi/.

import { hookMain } from "@hookrail/core";
import { kimiAdapter } from "@hookrail/kimi";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, kimiAdapter);
