// The plan of a CLI whose hooks are a file hookrail edits plus the guardrail's folder copied beside it (Cursor,
// Antigravity CLI): the copy when the installed folder differs from the shipped one, and the edited file; on
// uninstall, the file as the removal leaves it (null: deleted) and the folder.
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname } from "node:path";
import { sameTree } from "./files.ts";
import type { Change } from "./types.ts";

export interface FolderAndFile {
  /** The shipped folder the installed copy is compared with, and the copy's source and target. */
  shipped: string;
  from: string;
  folder: string;
  /** The hooks file, as it is and as the plan leaves it. */
  file: string;
  before: string | null;
  after: string | null;
}

export const installFolderAndFile = (p: FolderAndFile): Change[] => [
  ...(sameTree(p.shipped, p.folder) ? [] : [{ kind: "copy", from: p.from, to: p.folder } as const]),
  { kind: "file", path: p.file, before: p.before, after: p.after },
];

/** Also the folder's parent (hookrail's own, e.g. `.cursor/hookrail/`) when this was the last guardrail in it. */
export function uninstallFolderAndFile(p: Omit<FolderAndFile, "shipped" | "from">): Change[] {
  const parent = dirname(p.folder);
  const last = existsSync(parent) && readdirSync(parent).every((entry) => entry === basename(p.folder));
  return [
    ...(p.before !== null ? [{ kind: "file", path: p.file, before: p.before, after: p.after } as const] : []),
    ...(existsSync(p.folder) ? [{ kind: "remove", path: p.folder } as const] : []),
    ...(last ? [{ kind: "remove", path: parent } as const] : []),
  ];
}
