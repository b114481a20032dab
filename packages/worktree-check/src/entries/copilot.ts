// The copilot hook: joins worktree-check with the copilot adapter. Bundled into plugins/worktree-check/copilot/.
import { copilotAdapter } from "@hookrail/copilot";
import { hookMain } from "@hookrail/core";
import { worktreeCheck } from "../guardrail.ts";

void hookMain(worktreeCheck, copilotAdapter);
