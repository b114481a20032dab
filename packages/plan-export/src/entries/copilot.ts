// The copilot hook: joins plan-export with the copilot adapter. Bundled into plugins/plan-export/copilot/.
import { copilotAdapter } from "@hookrail/copilot";
import { hookMain } from "@hookrail/core";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, copilotAdapter);
