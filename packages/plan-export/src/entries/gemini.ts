// The gemini hook: joins plan-export with the gemini adapter. Bundled into plugins/plan-export/gemini/.

import { hookMain } from "@hookrail/core";
import { geminiAdapter } from "@hookrail/gemini";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, geminiAdapter);
