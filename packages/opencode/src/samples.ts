// OpenCode's payloads for `hookrail try` and `demo`: what hookrail's plugin sends from OpenCode's plugin API (1.18.33).
import { type CliSamples, openCodeApiSamples, openCodePlanApproval } from "@hookrail/core/samples";

const plan = "# Plan: sign in with a magic link\n\n## Steps\n1. Mail a one-time link.\n2. Sign in from it.\n";

export const opencodeSamples: CliSamples = {
  ...openCodeApiSamples,
  planApproval: (context) =>
    openCodePlanApproval(context, { session: "ses_opencodeplandemo", folder: ".opencode", plan }),
};
