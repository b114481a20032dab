// The droid hook: joins worktree-check with the droid adapter. Bundled into plugins/worktree-check/droid/.

import { hookMain } from "@hookrail/core";
import { droidAdapter } from "@hookrail/droid";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, droidAdapter);
