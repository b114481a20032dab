// The hook's stdin and stdout at the descriptor level: real files and pipes, the way a CLI hands them over.
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { hookStdin, writeAll } from "../src/hook/hook-stdio.ts";
import { MAX_STDIN_BYTES, readStdin } from "../src/hook/stdin.ts";

const readAll = (fd: number, maxBytes = MAX_STDIN_BYTES, fallback?: () => AsyncIterable<Uint8Array | string>) =>
  hookStdin(fd, fallback).read(maxBytes);

const fileWith = (text: string | Buffer) => {
  const file = join(tempDir("hookrail-stdio-"), "in");
  writeFileSync(file, text);
  return file;
};

describe("hookStdin", () => {
  it("reads a whole file, across chunk boundaries", async () => {
    const text = `{"a":"${"x".repeat(200_000)}"}`;
    const fd = openSync(fileWith(text), "r");
    try {
      expect(await readAll(fd)).toEqual({ text, parsed: { value: { a: "x".repeat(200_000) } } });
    } finally {
      closeSync(fd);
    }
  });

  it("hands over the event it parsed to see that it was whole, so it is parsed once", async () => {
    const fd = openSync(fileWith('{"hook_event_name":"PreToolUse","n":1}\n'), "r");
    try {
      expect(await readAll(fd)).toEqual({
        text: '{"hook_event_name":"PreToolUse","n":1}\n',
        parsed: { value: { hook_event_name: "PreToolUse", n: 1 } },
      });
    } finally {
      closeSync(fd);
    }
  });

  it("reads text that is not one JSON object to its end", async () => {
    const fd = openSync(fileWith("gh pr merge 12}\n"), "r");
    try {
      expect(await readAll(fd)).toEqual({ text: "gh pr merge 12}\n" });
    } finally {
      closeSync(fd);
    }
  });

  it("a closed descriptor reads as empty", async () => {
    const fd = openSync(fileWith("{}"), "r");
    closeSync(fd);
    expect(await readAll(fd)).toEqual({ text: "" });
  });

  it("other read errors are thrown (a folder is not readable)", async () => {
    const fd = openSync(tempDir("hookrail-stdio-dir-"), "r");
    try {
      await expect(readAll(fd)).rejects.toMatchObject({ code: "EISDIR" });
    } finally {
      closeSync(fd);
    }
  });

  it("a descriptor that would block (a socket) is handed to its stream, which reads the rest", async () => {
    const server = createServer((peer) => setTimeout(() => peer.end('{"late":true}'), 50));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const { connect } = await import("node:net");
    const socket: Socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const fd = (socket as unknown as { _handle: { fd: number } })._handle.fd;
    let handedOn = false;
    const stream = () => {
      handedOn = true;
      return socket;
    };
    try {
      expect(await readAll(fd, MAX_STDIN_BYTES, stream)).toEqual({ text: '{"late":true}' });
      expect(handedOn).toBe(true);
    } finally {
      socket.destroy();
      server.close();
    }
  });

  it("keeps the cap: a payload over it is refused", async () => {
    const fd = openSync(fileWith(Buffer.alloc(300_000, 0x20)), "r");
    try {
      await expect(readAll(fd, 100_000)).rejects.toThrow(/larger than 100000 bytes/);
    } finally {
      closeSync(fd);
    }
  });
});

// A child process that reads its stdin with hookStdin and prints what it read, as a hook would.
async function reader(): Promise<string> {
  const dir = tempDir("hookrail-stdio-reader-");
  const entry = join(dir, "entry.ts");
  writeFileSync(
    entry,
    `import { hookStdin, writeAll } from ${JSON.stringify(join(import.meta.dirname, "../src/hook/hook-stdio.ts"))};
hookStdin().read(8 << 20).then(({ text }) => { writeAll(1, "read " + text.length + ": " + text.slice(0, 40)); process.exit(0); });
`,
  );
  const out = join(dir, "reader.cjs");
  await build({ entryPoints: [entry], bundle: true, platform: "node", format: "cjs", outfile: out, logLevel: "error" });
  return out;
}

function run(
  script: string,
  feed: (stdin: NodeJS.WritableStream) => void,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "inherit"] });
    // A reader still waiting after 10 s will not answer: it is stopped, and its empty answer fails the test.
    const stop = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.on("exit", () => clearTimeout(stop));
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    child.on("close", (code) => resolve({ code, out }));
    feed(child.stdin);
  });
}

describe("readStdin after a descriptor would block", () => {
  async function* rest(...chunks: string[]) {
    yield* chunks;
  }

  it("joins the bytes read before to the stream's", async () => {
    expect(await readStdin(rest("1,", '"b":2}'), 100, Buffer.from('{"a":'))).toBe('{"a":1,"b":2}');
  });

  it("counts the bytes read before against the cap", async () => {
    await expect(readStdin(rest("x".repeat(60)), 100, Buffer.alloc(50, 0x20))).rejects.toThrow(/larger than 100 bytes/);
  });
});

describe("a hook process reading its stdin", () => {
  it("answers a CLI that sends its event and keeps stdin open", { timeout: 20_000 }, async () => {
    const script = await reader();
    const result = await run(script, (stdin) => stdin.write('{"hook_event_name":"PreToolUse"}\n'));
    expect(result).toEqual({ code: 0, out: 'read 33: {"hook_event_name":"PreToolUse"}\n' });
  });

  it("answers a CLI that keeps stdin open after an event that fills the read buffer exactly", {
    timeout: 20_000,
  }, async () => {
    const script = await reader();
    // 64 KiB, the size of one read: the reader must see that the object is whole without a short read.
    const text = `{"a":"${"z".repeat(64 * 1024 - 8)}"}`;
    expect(Buffer.byteLength(text)).toBe(64 * 1024);
    const result = await run(script, (stdin) => stdin.write(text));
    expect(result).toEqual({ code: 0, out: `read ${text.length}: ${text.slice(0, 40)}` });
  });

  it("waits for the rest of an event written in pieces", { timeout: 20_000 }, async () => {
    const script = await reader();
    const result = await run(script, (stdin) => {
      stdin.write('{"a":{"b":1}');
      setTimeout(() => stdin.end(',"c":2}'), 200);
    });
    expect(result).toEqual({ code: 0, out: 'read 19: {"a":{"b":1},"c":2}' });
  });

  it("reads a large event through a pipe", { timeout: 20_000 }, async () => {
    const script = await reader();
    const text = `{"a":"${"y".repeat(1_000_000)}"}`;
    const result = await run(script, (stdin) => stdin.end(text));
    expect(result.out).toBe(`read ${text.length}: ${text.slice(0, 40)}`);
  });
});

describe("writeAll", () => {
  it("writes everything, multi-byte text included", () => {
    const file = join(tempDir("hookrail-stdio-out-"), "out");
    const fd = openSync(file, "w");
    const text = `${"é漢".repeat(50_000)}\n`;
    try {
      writeAll(fd, text);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("throws when the descriptor cannot be written", () => {
    const fd = openSync(fileWith("x"), "r");
    try {
      expect(() => writeAll(fd, "answer")).toThrow(expect.objectContaining({ code: "EBADF" }));
    } finally {
      closeSync(fd);
    }
  });
});
