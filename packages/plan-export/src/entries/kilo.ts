// The kilo hook: joins plan-export with the kilo adapter. Bundled into plugins/plan-export/kilo/.

import { hookMain } from "@hookrail/core";
import { kiloAdapter } from "@hookrail/kilo";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, kiloAdapter);
