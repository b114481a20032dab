// The kimi hook: joins branch-drift with the kimi adapter. Bundled into plugins/branch-drift/kimi/.

import { hookMain } from "@hookrail/core";
import { kimiAdapter } from "@hookrail/kimi";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, kimiAdapter);
