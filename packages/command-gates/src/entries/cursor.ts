// The cursor hook: joins the command gates with the cursor adapter. Bundled into plugins/command-gates/cursor/.

import { hookMain } from "@hookrail/core";
import { cursorAdapter } from "@hookrail/cursor";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, cursorAdapter);
