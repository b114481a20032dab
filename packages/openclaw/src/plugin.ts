// The plugin OpenClaw loads for one guardrail, bundled by the build with that guardrail's settings: its default
// export is the plugin's entry, `{id, name, description, register(api)}`.
import type { BridgeSettings } from "@hookrail/core";
import { openclawPlugin } from "./hooks.ts";

declare const __HOOKRAIL_BRIDGE__: BridgeSettings;

export default openclawPlugin(__HOOKRAIL_BRIDGE__, import.meta.url);
