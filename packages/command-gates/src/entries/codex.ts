// The codex hook: joins the command gates with the codex adapter. Bundled into plugins/command-gates/codex/.
import { codexAdapter } from "@hookrail/codex";
import { hookMain } from "@hookrail/core";
import { commandGates } from "../guardrail.ts";

void hookMain(commandGates, codexAdapter);
