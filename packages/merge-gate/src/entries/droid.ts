// The droid hook: joins the merge gate with the droid adapter. Bundled into plugins/merge-gate/droid/.

import { hookMain } from "@hookrail/core";
import { droidAdapter } from "@hookrail/droid";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, droidAdapter);
