export { cursorAdapter } from "./adapter.ts";
export { CONTEXT_EVENTS, CURSOR_EVENTS, cursorDialect, PERMISSION_EVENTS } from "./dialect.ts";
export {
  CURSOR_PROJECT_BASE,
  cursorBundlePath,
  cursorEvents,
  cursorHookCommand,
  cursorHookFiles,
  cursorInstallDir,
  cursorPackaging,
} from "./packaging.ts";
export { normaliseCursorPayload } from "./payload.ts";
export { cursorNeutral, cursorStyle, renderCursor } from "./render.ts";
