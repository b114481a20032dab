// The cursor hook: joins plan-export with the cursor adapter. Bundled into plugins/plan-export/cursor/.

import { hookMain } from "@hookrail/core";
import { cursorAdapter } from "@hookrail/cursor";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, cursorAdapter);
