// The codex hook: joins the merge gate with the codex adapter. Bundled into plugins/merge-gate/codex/.
import { codexAdapter } from "@hookrail/codex";
import { hookMain } from "@hookrail/core";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, codexAdapter);
