// The plugin Amp loads for one guardrail, bundled by the build with that guardrail's settings.
import type { BridgeSettings } from "@hookrail/core";
import { ampPlugin } from "./amp-plugin.ts";

declare const __HOOKRAIL_BRIDGE__: BridgeSettings;

export default ampPlugin(__HOOKRAIL_BRIDGE__, import.meta.url);
