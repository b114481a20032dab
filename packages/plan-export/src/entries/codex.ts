// The codex hook: joins plan-export with the codex adapter. Bundled into plugins/plan-export/codex/.
import { codexAdapter } from "@hookrail/codex";
import { hookMain } from "@hookrail/core";
import { planExport } from "../guardrail.ts";

void hookMain(planExport, codexAdapter);
