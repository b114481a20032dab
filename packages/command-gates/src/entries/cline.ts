// The cline hook: joins the command gates with the cline adapter. Bundled into plugins/command-gates/cline/.

import { clineAdapter } from "@hookrail/cline";
import { hookMain } from "@hookrail/core";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, clineAdapter);
