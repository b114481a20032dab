// Reads the hook's stdin completely, with a size cap, so a runaway payload cannot hang or bloat the hook.
import { inputError } from "../model/errors.ts";

/** Claude, Gemini and Codex payloads are a few KiB; transcripts are passed by path, not inline. */
export const MAX_STDIN_BYTES = 8 * 1024 * 1024;

/** The text of a stream of chunks (after the bytes already read, `head`), refused past `maxBytes` in all. */
export async function readStdin(
  stream: AsyncIterable<Uint8Array | string>,
  maxBytes = MAX_STDIN_BYTES,
  head?: Uint8Array,
): Promise<string> {
  const chunks: Buffer[] = head?.length ? [Buffer.from(head)] : [];
  let size = head?.length ?? 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
    size += buffer.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export const tooLarge = (maxBytes: number) => inputError(`the event on stdin is larger than ${maxBytes} bytes`);

/** JSON.parse with an input error that says what was wrong. */
export function parseJson(text: string): unknown {
  if (text.trim() === "") throw inputError("stdin was empty; expected the hook event as JSON");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw inputError(`stdin is not valid JSON (${(error as Error).message})`, error);
  }
}
