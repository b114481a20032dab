// The gemini hook: joins the merge gate with the gemini adapter. Bundled into plugins/merge-gate/gemini/.

import { hookMain } from "@hookrail/core";
import { geminiAdapter } from "@hookrail/gemini";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, geminiAdapter);
