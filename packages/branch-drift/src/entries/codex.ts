// The codex hook: joins branch-drift with the codex adapter. Bundled into plugins/branch-drift/codex/.
import { codexAdapter } from "@hookrail/codex";
import { hookMain } from "@hookrail/core";
import { branchDrift } from "../guardrail.ts";

void hookMain(branchDrift, codexAdapter);
