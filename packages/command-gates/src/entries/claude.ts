// The claude hook: joins the command gates with the claude adapter. Bundled into plugins/command-gates/claude/.
import { claudeAdapter } from "@hookrail/claude";
import { hookMain } from "@hookrail/core";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, claudeAdapter);
