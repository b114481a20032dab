// The claude hook: joins branch-drift with the claude adapter. Bundled into plugins/branch-drift/claude/.
import { claudeAdapter } from "@hookrail/claude";
import { hookMain } from "@hookrail/core";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, claudeAdapter);
