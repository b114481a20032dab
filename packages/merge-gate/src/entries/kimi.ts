// The kimi hook: joins the merge gate with the kimi adapter. Bundled into plugins/merge-gate/kimi/.

import { hookMain } from "@hookrail/core";
import { kimiAdapter } from "@hookrail/kimi";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, kimiAdapter);
