// The opencode hook: joins branch-drift with the opencode adapter. Bundled into plugins/branch-drift/opencode/.

import { hookMain } from "@hookrail/core";
import { opencodeAdapter } from "@hookrail/opencode";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, opencodeAdapter);
