// The antigravity hook: joins the merge gate with the antigravity adapter. Bundled into plugins/merge-gate/antigravity/.

import { antigravityAdapter } from "@hookrail/antigravity";
import { hookMain } from "@hookrail/core";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, antigravityAdapter);
