// The metadata each cell carries to the reporter (vitest passes test `meta` through).
import type { CliName } from "../clis.ts";

export interface CellMeta {
  guardrail: string;
  cli: CliName | "all";
  cell: string;
  /** Why the cell is skipped (not built, CLI not selected), when it is. */
  skipReason?: string;
}

declare module "vitest" {
  interface TaskMeta {
    hookrail?: CellMeta;
  }
}
