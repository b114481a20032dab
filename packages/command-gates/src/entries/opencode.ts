// The opencode hook: joins the command gates with the opencode adapter. Bundled into plugins/command-gates/opencode/.

import { hookMain } from "@hookrail/core";
import { opencodeAdapter } from "@hookrail/opencode";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, opencodeAdapter);
