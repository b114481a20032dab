// The short line for a move the session's own shell command made. Pure text.
import { describeCheckout } from "@hookrail/core/session-record";
import type { Found } from "./types.ts";

const MAX_COMMAND = 80;

/**
 * Said, not kept silent: a move by another process while the command ran looks the same from here, and the
 * model knows whether its command was meant to move the checkout.
 */
export function ownMoveText({ told, live }: Found, command: string): string {
  const short = command.length > MAX_COMMAND ? `${command.slice(0, MAX_COMMAND - 3)}...` : command;
  return [
    `branch-drift: you moved to ${describeCheckout(live)} (was ${describeCheckout(told)}), across your command \`${short.replace(/\s+/g, " ")}\`; edits there now land on ${live.branch ?? "a detached HEAD"}.`,
    "If that command was not meant to move it, another session or the user did: stop and tell the user.",
  ].join(" ");
}
