// The droid hook: joins branch-drift with the droid adapter. Bundled into plugins/branch-drift/droid/.

import { hookMain } from "@hookrail/core";
import { droidAdapter } from "@hookrail/droid";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, droidAdapter);
