// The plugin OpenCode loads for one guardrail, bundled by the build with that guardrail's settings: OpenCode
// calls every function the module exports as a plugin, so it exports exactly one.
import type { BridgeSettings } from "@hookrail/core";
import { openCodePlugin } from "@hookrail/core/opencode-plugin";

declare const __HOOKRAIL_BRIDGE__: BridgeSettings;

export const HookrailBridge = openCodePlugin(__HOOKRAIL_BRIDGE__, import.meta.url);
