// The plugin Kilo Code CLI loads for one guardrail, bundled by the build with that guardrail's settings. Its one
// export is the default: `{id, server, setup}`, which OpenCode 1 (>= 1.18.29) and Kilo call `server` of and OpenCode 2
// calls `setup` of (core's opencode-plugin.ts).
import type { BridgeSettings } from "@hookrail/core";
import { openCodePluginModule } from "@hookrail/core/opencode-plugin";

declare const __HOOKRAIL_BRIDGE__: BridgeSettings;

export default openCodePluginModule(__HOOKRAIL_BRIDGE__, import.meta.url);
