// Claude Code's transcript after "clear context": the new session's first user record carries the
// approved plan (`planContent`, origin "auto-continuation") and names the old transcript. Pure.
import { basename } from "node:path";
import type { ContinuationEvidence } from "../types.ts";
import { asObject, asString } from "./shared.ts";

/** Reads the first records of a new session's transcript (JSON lines); records are written late. */
export function continuationEvidence(lines: readonly string[]): ContinuationEvidence {
  for (const line of lines) {
    let record: Record<string, unknown>;
    try {
      record = asObject(JSON.parse(line));
    } catch {
      continue;
    }
    const planText = record.type === "user" ? asString(record.planContent) : undefined;
    if (planText === undefined) continue;
    const content = messageText(record.message);
    const from = /read the full transcript at: (\S+\.jsonl)/.exec(content)?.[1];
    const feedback = /\n\nUser feedback on this plan: ([\s\S]+)$/.exec(content)?.[1]?.trim();
    return {
      planText,
      ...(from ? { fromSessionId: basename(from, ".jsonl") } : {}),
      ...(feedback ? { feedback } : {}),
    };
  }
  return {};
}

function messageText(message: unknown): string {
  const content = asObject(message).content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((block) => asString(asObject(block).text) ?? "").join("\n");
}
