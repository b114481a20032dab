// The qwen hook: joins the command gates with the qwen adapter. Bundled into plugins/command-gates/qwen/.

import { hookMain } from "@hookrail/core";
import { qwenAdapter } from "@hookrail/qwen";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, qwenAdapter);
