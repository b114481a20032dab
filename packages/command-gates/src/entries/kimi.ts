// The kimi hook: joins the command gates with the kimi adapter. Bundled into plugins/command-gates/kimi/.

import { hookMain } from "@hookrail/core";
import { kimiAdapter } from "@hookrail/kimi";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, kimiAdapter);
