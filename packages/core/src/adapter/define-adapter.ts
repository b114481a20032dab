// Builds an adapter from the two things that differ between CLIs: names (dialect) and answers (style).
import { type Adapter, exitTwoAnswer } from "./adapter.ts";
import { type PayloadDialect, parsePayload } from "./payload.ts";
import { type AnswerStyle, renderAnswer } from "./render.ts";

/** Every CLI blocks an unreadable event the same way: exit 2 with the reason on stderr. */
export function defineAdapter(dialect: PayloadDialect, style: AnswerStyle): Adapter {
  return {
    cli: dialect.cli,
    title: dialect.title,
    parse: (payload) => parsePayload(payload, dialect),
    render: (decision, event) => renderAnswer(decision, event, style),
    block: exitTwoAnswer,
    notesReachModel: (kind) => style.contextKinds.includes(kind),
    asks: (event) => style.asks?.(event) ?? false,
  };
}
