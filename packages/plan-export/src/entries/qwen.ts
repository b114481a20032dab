// The qwen hook: joins plan-export with the qwen adapter. Bundled into plugins/plan-export/qwen/.

import { hookMain } from "@hookrail/core";
import { qwenAdapter } from "@hookrail/qwen";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, qwenAdapter);
