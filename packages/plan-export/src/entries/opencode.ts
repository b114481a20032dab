// The opencode hook: joins plan-export with the opencode adapter. Bundled into plugins/plan-export/opencode/.

import { hookMain } from "@hookrail/core";
import { opencodeAdapter } from "@hookrail/opencode";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, opencodeAdapter);
