// The antigravity hook: joins worktree-check with the antigravity adapter. Bundled into plugins/worktree-check/antigravity/.

import { antigravityAdapter } from "@hookrail/antigravity";
import { hookMain } from "@hookrail/core";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, antigravityAdapter);
