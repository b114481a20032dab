// The kilo hook: joins branch-drift with the kilo adapter. Bundled into plugins/branch-drift/kilo/.

import { hookMain } from "@hookrail/core";
import { kiloAdapter } from "@hookrail/kilo";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, kiloAdapter);
