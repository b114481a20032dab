// The gemini hook: joins the command gates with the gemini adapter. Bundled into plugins/command-gates/gemini/.

import { hookMain } from "@hookrail/core";
import { geminiAdapter } from "@hookrail/gemini";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, geminiAdapter);
