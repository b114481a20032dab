// OpenCode's payloads for `hookrail try` and `demo`: what hookrail's plugin sends from OpenCode's plugin API (1.18.33).
import { type CliSamples, openCodeApiSamples } from "@hookrail/core/samples";

export const opencodeSamples: CliSamples = openCodeApiSamples;
