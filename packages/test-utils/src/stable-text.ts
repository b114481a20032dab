// User-facing texts made comparable across runs, for inline snapshots: what varies from run to run (commit
// ids, temporary folders, timestamps) is replaced by a placeholder, so only a wording change shows as a diff.
import { realpathSync } from "node:fs";
import { tmpdir } from "node:os";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const temps = [...new Set([tmpdir(), realpathSync(tmpdir())])].map(escapeRegExp).join("|");
const TEMP_PATH = new RegExp(`(?:${temps})/[^\\s:'"\`)]*[^\\s:'"\`).,]`, "g");

/** `text` with temp paths as `<tmp>`, ISO timestamps as `<time>` and commit ids (7–40 hex digits) as `<sha>`. */
export function stableText(text: string): string {
  return text
    .replace(TEMP_PATH, "<tmp>")
    .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?/g, "<time>")
    .replace(/\b[0-9a-f]{7,40}\b/g, "<sha>");
}
