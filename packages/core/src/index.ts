export { builtin } from "./_builtin.ts";
export * from "./adapter.ts";
export * from "./audit.ts";
export * from "./bridge.ts";
export * from "./bridge-adapter.ts";
export type {
  CliPlace,
  CliPlaces,
  CliSettingsFile,
  HooksOffCommands,
  HooksOffSubcommand,
  PlacePath,
} from "./cli-places.ts";
export * from "./config.ts";
export * from "./debug-log.ts";
export * from "./decision.ts";
export * from "./define-adapter.ts";
export * from "./errors.ts";
export * from "./event.ts";
export * from "./guardrail.ts";
export * from "./install-check.ts";
export * from "./json-error.ts";
export * from "./main.ts";
export * from "./opencode-api.ts";
export * from "./packaging.ts";
export * from "./patch-files.ts";
export * from "./payload.ts";
export * from "./redact.ts";
export * from "./render.ts";
export * from "./runtime.ts";
export * from "./stdin.ts";
export * from "./trace.ts";
