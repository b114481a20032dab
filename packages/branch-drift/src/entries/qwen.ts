// The qwen hook: joins branch-drift with the qwen adapter. Bundled into plugins/branch-drift/qwen/.

import { hookMain } from "@hookrail/core";
import { qwenAdapter } from "@hookrail/qwen";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, qwenAdapter);
