// Kilo Code CLI's payloads for `hookrail try` and `demo`: what hookrail's plugin sends from OpenCode's plugin API,
// which Kilo keeps (7.7.7).
import { type CliSamples, openCodeApiSamples } from "@hookrail/core/samples";

export const kiloSamples: CliSamples = openCodeApiSamples;
