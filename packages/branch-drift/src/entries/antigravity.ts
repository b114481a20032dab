// The antigravity hook: joins branch-drift with the antigravity adapter. Bundled into plugins/branch-drift/antigravity/.

import { antigravityAdapter } from "@hookrail/antigravity";
import { hookMain } from "@hookrail/core";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, antigravityAdapter);
