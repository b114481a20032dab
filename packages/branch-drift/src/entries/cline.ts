// The cline hook: joins branch-drift with the cline adapter. Bundled into plugins/branch-drift/cline/.

import { clineAdapter } from "@hookrail/cline";
import { hookMain } from "@hookrail/core";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, clineAdapter);
