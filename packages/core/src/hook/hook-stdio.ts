// A hook's stdin and stdout at the file-descriptor level. Node builds process.stdin and process.stdout as
// streams on first touch (the net, stream and tty modules and a pipe handle), which costs a per-tool-call
// hook about 3.5 ms, a third of its own time. The CLIs hand hooks blocking pipes, so plain reads and writes
// serve; a descriptor that is not blocking is handed to the stream.
import { readSync, writeSync } from "node:fs";

const CHUNK = 64 * 1024;
const CLOSE_BRACE = 0x7d;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The bytes so far, parsed, when they are one whole JSON object: the CLI has sent its event. */
function wholeObject(chunks: readonly Buffer[]): { value: unknown } | undefined {
  const last = chunks[chunks.length - 1];
  if (!last) return undefined;
  let end = last.length - 1;
  while (end >= 0 && isSpace(last[end] as number)) end--;
  if (last[end] !== CLOSE_BRACE) return undefined;
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return undefined;
  }
}

/** A hook's stdin: its chunks, and the event when reading stopped at a whole JSON object (parsed once, there). */
export interface HookStdin extends AsyncIterable<Uint8Array | string> {
  parsed?: { value: unknown };
}

/**
 * The chunks of stdin, read synchronously, until it ends or holds one whole JSON object (a CLI that sends its
 * event and keeps stdin open is answered all the same; a short read that ends in `}` is the only time that is
 * checked, and the object parsed then is kept in `parsed`). A descriptor that would block (EAGAIN) is handed on
 * to process.stdin, which reads the rest; a closed one (EBADF) reads as empty, which the caller treats as
 * unreadable input.
 */
export function stdinChunks(
  fd = 0,
  fallback: () => AsyncIterable<Uint8Array | string> = () => process.stdin,
): HookStdin {
  const stdin: HookStdin = { [Symbol.asyncIterator]: () => readChunks(fd, fallback, stdin) };
  return stdin;
}

async function* readChunks(
  fd: number,
  fallback: () => AsyncIterable<Uint8Array | string>,
  into: HookStdin,
): AsyncGenerator<Uint8Array | string> {
  const buffer = Buffer.allocUnsafe(CHUNK);
  const seen: Buffer[] = [];
  for (;;) {
    let bytes: number;
    try {
      bytes = readSync(fd, buffer, 0, CHUNK, null);
    } catch (error) {
      const code = codeOf(error);
      if (code === "EAGAIN" || code === "EWOULDBLOCK") {
        yield* fallback();
        return;
      }
      if (code === "EOF" || code === "EBADF") return;
      throw error;
    }
    if (bytes === 0) return;
    const chunk = Buffer.from(buffer.subarray(0, bytes));
    seen.push(chunk);
    yield chunk;
    if (bytes < CHUNK) {
      const whole = wholeObject(seen);
      if (whole) {
        into.parsed = whole;
        return;
      }
    }
  }
}

/** How long one retry waits when the descriptor is not blocking and its pipe is full. */
const RETRY_MS = 1;

/**
 * Writes all of `text` to `fd` synchronously, so the answer is out before the process exits. A full
 * non-blocking pipe (EAGAIN) is retried; any other failure (the reader is gone: EPIPE) throws.
 */
export function writeAll(fd: number, text: string): void {
  let data = Buffer.from(text, "utf8");
  let wait: Int32Array | undefined;
  while (data.length > 0) {
    try {
      data = data.subarray(writeSync(fd, data));
    } catch (error) {
      if (codeOf(error) !== "EAGAIN") throw error;
      wait ??= new Int32Array(new SharedArrayBuffer(4));
      Atomics.wait(wait, 0, 0, RETRY_MS);
    }
  }
}
