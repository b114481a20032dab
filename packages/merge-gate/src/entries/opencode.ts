// The opencode hook: joins the merge gate with the opencode adapter. Bundled into plugins/merge-gate/opencode/.

import { hookMain } from "@hookrail/core";
import { opencodeAdapter } from "@hookrail/opencode";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, opencodeAdapter);
