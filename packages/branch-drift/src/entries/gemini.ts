// The gemini hook: joins branch-drift with the gemini adapter. Bundled into plugins/branch-drift/gemini/.

import { hookMain } from "@hookrail/core";
import { geminiAdapter } from "@hookrail/gemini";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, geminiAdapter);
