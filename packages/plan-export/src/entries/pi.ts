// The pi hook: joins plan-export with the pi adapter. Bundled into plugins/plan-export/pi/.

import { hookMain } from "@hookrail/core";
import { piAdapter } from "@hookrail/pi";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, piAdapter);
