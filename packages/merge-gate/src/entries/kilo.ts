// The kilo hook: joins the merge gate with the kilo adapter. Bundled into plugins/merge-gate/kilo/.

import { hookMain } from "@hookrail/core";
import { kiloAdapter } from "@hookrail/kilo";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, kiloAdapter);
