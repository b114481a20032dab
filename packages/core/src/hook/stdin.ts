// Reads the hook's stdin completely, with a size cap, so a runaway payload cannot hang or bloat the hook.
import { inputError } from "../model/errors.ts";

/** Claude, Gemini and Codex payloads are a few KiB; transcripts are passed by path, not inline. */
export const MAX_STDIN_BYTES = 8 * 1024 * 1024;

export async function readStdin(
  stream: AsyncIterable<Uint8Array | string>,
  maxBytes = MAX_STDIN_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
    size += buffer.length;
    if (size > maxBytes) {
      throw inputError(`the event on stdin is larger than ${maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** JSON.parse with an input error that says what was wrong. */
export function parseJson(text: string): unknown {
  if (text.trim() === "") throw inputError("stdin was empty; expected the hook event as JSON");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw inputError(`stdin is not valid JSON (${(error as Error).message})`, error);
  }
}
