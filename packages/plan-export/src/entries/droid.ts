// The droid hook: joins plan-export with the droid adapter. Bundled into plugins/plan-export/droid/.

import { hookMain } from "@hookrail/core";
import { droidAdapter } from "@hookrail/droid";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, droidAdapter);
