// The cline hook: joins the merge gate with the cline adapter. Bundled into plugins/merge-gate/cline/.

import { clineAdapter } from "@hookrail/cline";
import { hookMain } from "@hookrail/core";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, clineAdapter);
