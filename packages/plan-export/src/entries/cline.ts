// The cline hook: joins plan-export with the cline adapter. Bundled into plugins/plan-export/cline/.

import { clineAdapter } from "@hookrail/cline";
import { hookMain } from "@hookrail/core";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, clineAdapter);
