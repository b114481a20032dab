// A bundle as a bridge worker (`<bundle> --hookrail-serve`): one request per line on stdin, each answered on
// stdout with exactly what the one-shot hook would have printed and exited with, in any order (requests run
// side by side, as a CLI's parallel tool calls do). It ends when the plugin closes stdin, which happens when
// the CLI exits, however it exits.
import type { Adapter } from "../adapter/adapter.ts";
import { writeAll } from "../hook/hook-stdio.ts";
import { lastResortAnswer, runHook } from "../hook/runtime.ts";
import type { Guardrail } from "../model/guardrail.ts";
import type { BridgeRequest, BridgeResponse } from "./bridge.ts";

/** A request line larger than this is not one of a plugin's. */
const MAX_LINE = 8 * 1024 * 1024;

export function serveBridge(guardrail: Guardrail, adapter: Adapter, stdin: NodeJS.ReadableStream = process.stdin) {
  let buffered = "";
  let pending = 0;
  let ended = false;
  const finish = () => {
    if (ended && pending === 0) process.exit(0);
  };
  const handle = async (line: string) => {
    let request: BridgeRequest;
    try {
      request = JSON.parse(line) as BridgeRequest;
    } catch {
      return;
    }
    if (typeof request?.id !== "number") return;
    pending++;
    try {
      let answer: BridgeResponse["answer"];
      try {
        answer = await runHook({ guardrail, adapter, stdin: JSON.stringify(request.payload ?? null) });
      } catch (error) {
        answer = lastResortAnswer(guardrail, error);
      }
      const response: BridgeResponse = { id: request.id, answer };
      writeAll(1, `${JSON.stringify(response)}\n`);
    } catch {
      // The plugin has gone; nothing is left to answer.
    } finally {
      pending--;
      finish();
    }
  };
  stdin.setEncoding("utf8");
  stdin.on("data", (chunk: string) => {
    buffered += chunk;
    let at = buffered.indexOf("\n");
    while (at >= 0) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      if (line.trim()) void handle(line);
      at = buffered.indexOf("\n");
    }
    if (buffered.length > MAX_LINE) buffered = "";
  });
  stdin.on("end", () => {
    ended = true;
    finish();
  });
  stdin.on("error", () => {
    ended = true;
    finish();
  });
}
