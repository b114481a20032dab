// The antigravity hook: joins the command gates with the antigravity adapter. Bundled into plugins/command-gates/antigravity/.

import { antigravityAdapter } from "@hookrail/antigravity";
import { hookMain } from "@hookrail/core";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, antigravityAdapter);
