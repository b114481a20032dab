// Copilot CLI's payloads for `hookrail try` and `demo` in its own format (camelCase, an epoch-ms timestamp, no
// event name: its hook files pass it as an argument), shaped like its captured fixtures (1.0.102).
import type { CliSamples, SampleContext } from "@hookrail/core/samples";

const payload = ({ cwd, sessionId }: SampleContext, fields: Record<string, unknown>) => ({
  sessionId,
  timestamp: 0,
  cwd,
  ...fields,
});

export const copilotSamples: CliSamples = {
  shellCall: (command, context) => payload(context, { toolName: "bash", toolArgs: { command, description: command } }),
  fileEdit: (file, context, after = false) =>
    payload(context, {
      toolName: "edit",
      toolArgs: { path: file, old_str: "old", new_str: "new" },
      ...(after ? { toolResult: { resultType: "success", textResultForLlm: `File ${file} updated` } } : {}),
    }),
  sessionStart: (context, source = "startup") => payload(context, { source: source === "startup" ? "new" : source }),
};
