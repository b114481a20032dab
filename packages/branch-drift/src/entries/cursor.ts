// The cursor hook: joins branch-drift with the cursor adapter. Bundled into plugins/branch-drift/cursor/.

import { hookMain } from "@hookrail/core";
import { cursorAdapter } from "@hookrail/cursor";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, cursorAdapter);
