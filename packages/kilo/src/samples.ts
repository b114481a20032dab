// Kilo Code CLI's payloads for `hookrail try` and `demo`: what hookrail's plugin sends from OpenCode's plugin API,
// which Kilo keeps (7.7.7).
import { type CliSamples, openCodeApiSamples, openCodePlanApproval } from "@hookrail/core/samples";

const plan = "# Plan: let users download their data\n\n## Steps\n1. Zip the account's records.\n2. Mail the link.\n";

export const kiloSamples: CliSamples = {
  ...openCodeApiSamples,
  planApproval: (context) => openCodePlanApproval(context, { session: "ses_kiloplandemo", folder: ".kilo", plan }),
};
