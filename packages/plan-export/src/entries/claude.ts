// The claude hook: joins plan-export with the claude adapter. Bundled into plugins/plan-export/claude/.
import { claudeAdapter } from "@hookrail/claude";
import { hookMain } from "@hookrail/core";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, claudeAdapter);
