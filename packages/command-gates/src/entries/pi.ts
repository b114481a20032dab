// The pi hook: joins the command gates with the pi adapter. Bundled into plugins/command-gates/pi/.

import { hookMain } from "@hookrail/core";
import { piAdapter } from "@hookrail/pi";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, piAdapter);
