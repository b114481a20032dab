// The cursor hook: joins the merge gate with the cursor adapter. Bundled into plugins/merge-gate/cursor/.

import { hookMain } from "@hookrail/core";
import { cursorAdapter } from "@hookrail/cursor";
import { mergeGate } from "../guardrail.ts";

void hookMain(mergeGate, cursorAdapter);
