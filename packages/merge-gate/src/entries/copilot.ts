// The copilot hook: joins the merge gate with the copilot adapter. Bundled into plugins/merge-gate/copilot/.
import { copilotAdapter } from "@hookrail/copilot";
import { hookMain } from "@hookrail/core";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, copilotAdapter);
