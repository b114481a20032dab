// The opencode hook: joins worktree-check with the opencode adapter. Bundled into plugins/worktree-check/opencode/.

import { hookMain } from "@hookrail/core";
import { opencodeAdapter } from "@hookrail/opencode";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, opencodeAdapter);
