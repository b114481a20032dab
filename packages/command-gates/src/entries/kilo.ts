// The kilo hook: joins the command gates with the kilo adapter. Bundled into plugins/command-gates/kilo/.

import { hookMain } from "@hookrail/core";
import { kiloAdapter } from "@hookrail/kilo";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, kiloAdapter);
