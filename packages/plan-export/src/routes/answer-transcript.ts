// Reads the proposed plan out of Codex's rollout transcript (JSON lines {timestamp, type, payload}). Pure.
import { asObject, asString } from "./shared.ts";

/**
 * The newest plan: an `event_msg` `item_completed` whose item is a "Plan" (of `turnId` when given),
 * else the last `<proposed_plan>` block of the assistant messages after the last user message.
 */
export function codexPlanFromRollout(lines: readonly string[], turnId?: string): string | undefined {
  let proposed: string | undefined;
  let inLastTurn = true;
  for (let i = lines.length - 1; i >= 0; i--) {
    let line: Record<string, unknown>;
    try {
      line = asObject(JSON.parse(lines[i] ?? ""));
    } catch {
      continue;
    }
    const payload = asObject(line.payload);
    if (line.type === "event_msg" && payload.type === "item_completed") {
      const item = asObject(payload.item);
      const text = asString(item.text);
      if (item.type === "Plan" && text && (!turnId || payload.turn_id === turnId)) return text;
    }
    if (line.type === "response_item" && payload.type === "message") {
      if (payload.role === "user") inLastTurn = false;
      if (payload.role === "assistant" && inLastTurn && proposed === undefined)
        proposed = proposedPlan(payload.content);
    }
  }
  return proposed;
}

function proposedPlan(content: unknown): string | undefined {
  const parts = Array.isArray(content) ? content.map((c) => asString(asObject(c).text) ?? "") : [];
  const blocks = [...parts.join("\n").matchAll(/<proposed_plan>\n?([\s\S]*?)<\/proposed_plan>/g)];
  return blocks.at(-1)?.[1];
}
