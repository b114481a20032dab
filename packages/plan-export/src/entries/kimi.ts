// The kimi hook: joins plan-export with the kimi adapter. Bundled into plugins/plan-export/kimi/.

import { hookMain } from "@hookrail/core";
import { kimiAdapter } from "@hookrail/kimi";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, kimiAdapter);
