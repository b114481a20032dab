// The pi hook: joins branch-drift with the pi adapter. Bundled into plugins/branch-drift/pi/.

import { hookMain } from "@hookrail/core";
import { piAdapter } from "@hookrail/pi";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, piAdapter);
