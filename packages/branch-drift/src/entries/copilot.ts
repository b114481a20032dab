// The copilot hook: joins branch-drift with the copilot adapter. Bundled into plugins/branch-drift/copilot/.
import { copilotAdapter } from "@hookrail/copilot";
import { hookMain } from "@hookrail/core";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, copilotAdapter);
