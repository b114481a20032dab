// The kilo hook: joins worktree-check with the kilo adapter. Bundled into plugins/worktree-check/kilo/.

import { hookMain } from "@hookrail/core";
import { kiloAdapter } from "@hookrail/kilo";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, kiloAdapter);
