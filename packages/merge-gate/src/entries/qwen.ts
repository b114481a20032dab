// The qwen hook: joins the merge gate with the qwen adapter. Bundled into plugins/merge-gate/qwen/.

import { hookMain } from "@hookrail/core";
import { qwenAdapter } from "@hookrail/qwen";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, qwenAdapter);
