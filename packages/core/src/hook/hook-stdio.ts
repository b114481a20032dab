// A hook's stdin and stdout at the file-descriptor level. Node builds process.stdin and process.stdout as
// streams on first touch (the net, stream and tty modules and a pipe handle), which costs a per-tool-call
// hook about 3.5 ms, a third of its own time. The CLIs hand hooks blocking pipes, so plain reads and writes
// serve; a descriptor that is not blocking is handed to the stream.
import { readSync, writeSync } from "node:fs";
import { readStdin, tooLarge } from "./stdin.ts";

const CHUNK = 64 * 1024;
const CLOSE_BRACE = 0x7d;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** A hook's stdin as text, and the event when reading stopped at one whole JSON object (parsed once, there). */
export interface StdinText {
  text: string;
  parsed?: { value: unknown };
}

/** A hook's stdin, read when the runtime asks for it, up to a size. */
export interface HookStdin {
  read(maxBytes: number): Promise<StdinText>;
}

/** A stream (a process's stdin, a test's chunks) as a hook's stdin for runHook. */
export const streamStdin = (stream: AsyncIterable<Uint8Array | string>): HookStdin => ({
  read: async (maxBytes) => ({ text: await readStdin(stream, maxBytes) }),
});

/**
 * stdin read synchronously into one buffer, until it ends or holds one whole JSON object (a CLI that sends its
 * event and keeps stdin open is answered all the same; the object parsed to see that is kept in `parsed`). A
 * descriptor that would block (EAGAIN) is handed on to process.stdin, which reads the rest; a closed one (EBADF)
 * reads as empty, which the caller treats as unreadable input. One buffer, grown when full, and one decode: the
 * chunk copies and concatenations of a stream reader cost a hook about 1 M instructions on every call.
 */
export function hookStdin(fd = 0, fallback: () => AsyncIterable<Uint8Array | string> = () => process.stdin): HookStdin {
  return { read: (maxBytes) => readAt(fd, fallback, maxBytes) };
}

async function readAt(
  fd: number,
  fallback: () => AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): Promise<StdinText> {
  let buffer = Buffer.allocUnsafe(CHUNK);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      const grown = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    let bytes: number;
    try {
      bytes = readSync(fd, buffer, length, buffer.length - length, null);
    } catch (error) {
      const code = codeOf(error);
      if (code === "EAGAIN" || code === "EWOULDBLOCK")
        return { text: await readStdin(fallback(), maxBytes, buffer.subarray(0, length)) };
      if (code === "EOF" || code === "EBADF") break;
      throw error;
    }
    if (bytes === 0) break;
    length += bytes;
    if (length > maxBytes) throw tooLarge(maxBytes);
    const whole = wholeObject(buffer, length);
    if (whole) return whole;
  }
  return { text: buffer.toString("utf8", 0, length) };
}

/** The bytes so far, with the event parsed, when they are one whole JSON object: the CLI has sent its event. */
function wholeObject(buffer: Buffer, length: number): StdinText | undefined {
  let end = length - 1;
  while (end >= 0 && isSpace(buffer[end] as number)) end--;
  if (buffer[end] !== CLOSE_BRACE) return undefined;
  const text = buffer.toString("utf8", 0, length);
  try {
    return { text, parsed: { value: JSON.parse(text) } };
  } catch {
    return undefined;
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
