// Pieces of plain CommonJS that hookrail's dispatchers share (Cline's per-event hook file, Kimi Code's scope
// dispatcher): each dispatcher is written as text with no dependency, and these functions are put into it as they
// are. They need `fs` in scope.

/**
 * `readInput(done)`: stdin at the descriptor. process.stdin is a stream whose modules (net, stream, tty) cost a few
 * ms to load on every call. A descriptor that would block (EAGAIN) is read through process.stdin instead. Reading
 * stops at the end, or at one whole JSON object (a CLI that keeps stdin open after its event is answered all the same).
 */
export const READ_INPUT_SOURCE = `function readInput(done) {
  var chunks = [];
  var buffer = Buffer.alloc(65536);
  for (;;) {
    var bytes;
    try {
      bytes = fs.readSync(0, buffer, 0, buffer.length, null);
    } catch (e) {
      if (e && (e.code === "EAGAIN" || e.code === "EWOULDBLOCK")) {
        process.stdin.on("data", function (d) { chunks.push(d); });
        process.stdin.on("end", function () { done(Buffer.concat(chunks).toString("utf8")); });
        return;
      }
      if (e && (e.code === "EOF" || e.code === "EBADF")) break;
      throw e;
    }
    if (bytes === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, bytes)));
    if (bytes < buffer.length && wholeObject(chunks)) break;
  }
  done(Buffer.concat(chunks).toString("utf8"));
}

function wholeObject(chunks) {
  var text = Buffer.concat(chunks).toString("utf8");
  if (text.trim().slice(-1) !== "}") return false;
  try {
    JSON.parse(text);
    return true;
  } catch (e) {
    return false;
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
