// The droid hook: joins the command gates with the droid adapter. Bundled into plugins/command-gates/droid/.

import { hookMain } from "@hookrail/core";
import { droidAdapter } from "@hookrail/droid";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, droidAdapter);
