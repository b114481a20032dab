// The claude hook: joins the merge gate with the claude adapter. Bundled into plugins/merge-gate/claude/.
import { claudeAdapter } from "@hookrail/claude";
import { hookMain } from "@hookrail/core";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, claudeAdapter);
