// The pi hook: joins the merge gate with the pi adapter. Bundled into plugins/merge-gate/pi/.

import { hookMain } from "@hookrail/core";
import { piAdapter } from "@hookrail/pi";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, piAdapter);
