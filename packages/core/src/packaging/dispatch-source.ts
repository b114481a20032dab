// Pieces of plain CommonJS that hookrail's dispatchers share (Cline's per-event hook file, Kimi Code's scope
// dispatcher): each dispatcher is written as text with no dependency, and these functions are put into it as they
// are. They need `fs` in scope.

/**
 * `readInput(done)`: stdin at the descriptor. process.stdin is a stream whose modules (net, stream, tty) cost a few
 * ms to load on every call. A descriptor that would block (EAGAIN) is read through process.stdin instead. Reading
 * stops at the end, or at one whole JSON object (a CLI that keeps stdin open after its event is answered all the same).
 * One buffer, grown when full, and one decode: chunk copies and concatenations cost a call about 1 M instructions.
 */
export const READ_INPUT_SOURCE = `function readInput(done) {
  var buffer = Buffer.allocUnsafe(65536);
  var length = 0;
  for (;;) {
    if (length === buffer.length) {
      var grown = Buffer.allocUnsafe(length * 2);
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    var bytes;
    try {
      bytes = fs.readSync(0, buffer, length, buffer.length - length, null);
    } catch (e) {
      if (e && (e.code === "EAGAIN" || e.code === "EWOULDBLOCK")) {
        var chunks = [Buffer.from(buffer.subarray(0, length))];
        process.stdin.on("data", function (d) { chunks.push(d); });
        process.stdin.on("end", function () { done(Buffer.concat(chunks).toString("utf8")); });
        return;
      }
      if (e && (e.code === "EOF" || e.code === "EBADF")) break;
      throw e;
    }
    if (bytes === 0) break;
    length += bytes;
    var whole = wholeObject(buffer, length);
    if (whole !== undefined) return done(whole);
  }
  done(buffer.toString("utf8", 0, length));
}

function wholeObject(buffer, length) {
  var end = length - 1;
  while (end >= 0 && (buffer[end] === 32 || buffer[end] === 10 || buffer[end] === 13 || buffer[end] === 9)) end--;
  if (buffer[end] !== 125) return undefined;
  var text = buffer.toString("utf8", 0, length);
  try {
    JSON.parse(text);
    return text;
  } catch (e) {
    return undefined;
  }
}`;

/**
 * `settleOnce(resolve, ms, onTimeout)`: a promise's resolve that takes the first result only, or a failure of its
 * own (\`{ failed: "it did not answer within N s" }\`) when none came within ms.
 */
export const SETTLE_ONCE_SOURCE = `function settleOnce(resolve, ms, onTimeout) {
  var done = false;
  var timer = setTimeout(function () {
    if (onTimeout) onTimeout();
    finish({ failed: "it did not answer within " + ms / 1000 + " s" });
  }, ms);
  function finish(result) {
    if (done) return;
    done = true;
    clearTimeout(timer);
    resolve(result);
  }
  return finish;
}`;

/**
 * `writeAll(fd, text)`: all of it at the descriptor, a full pipe that would block retried; a reader that has gone
 * cannot be answered.
 */
export const WRITE_ALL_SOURCE = `function writeAll(fd, text) {
  var data = Buffer.from(text, "utf8");
  var wait;
  while (data.length > 0) {
    try {
      data = data.subarray(fs.writeSync(fd, data));
    } catch (e) {
      if (!e || e.code !== "EAGAIN") break;
      wait = wait || new Int32Array(new SharedArrayBuffer(4));
      Atomics.wait(wait, 0, 0, 1);
    }
  }
}`;

/**
 * A dispatcher's text as it ships: its first two lines (the shebang and the marker an installer reads), then its
 * code without its comment lines, which stay in the TypeScript source.
 */
export function withoutCommentLines(text: string): string {
  return text
    .split("\n")
    .filter((line, i) => i < 2 || !/^\s*\/\/( |$)/.test(line))
    .join("\n");
}
