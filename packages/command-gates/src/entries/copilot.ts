// The copilot hook: joins the command gates with the copilot adapter. Bundled into plugins/command-gates/copilot/.
import { copilotAdapter } from "@hookrail/copilot";
import { hookMain } from "@hookrail/core";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, copilotAdapter);
