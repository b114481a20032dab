// The antigravity hook: joins plan-export with the antigravity adapter. Bundled into plugins/plan-export/antigravity/.

import { antigravityAdapter } from "@hookrail/antigravity";
import { hookMain } from "@hookrail/core";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, antigravityAdapter);
