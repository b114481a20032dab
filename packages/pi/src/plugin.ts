// The extension Pi loads for one guardrail, bundled by the build with that guardrail's settings.
import type { BridgeSettings } from "@hookrail/core";
import { piExtension } from "./extension.ts";

declare const __HOOKRAIL_BRIDGE__: BridgeSettings;

export default piExtension(__HOOKRAIL_BRIDGE__, import.meta.url);
