// The trap proxy: refuses and records anything not on loopback, forwards loopback.
import http from "node:http";
import net from "node:net";
import { afterEach, expect, it } from "vitest";
import { type NetGuard, startNetGuard } from "./net-guard.ts";

let guard: NetGuard | undefined;
let upstream: http.Server | undefined;
afterEach(async () => {
  await guard?.close();
  upstream?.close();
});

function connectVia(port: number, target: string): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1", () => s.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`));
    s.once("data", (d) => {
      resolve(d.toString().split("\r\n")[0] ?? "");
      s.destroy();
    });
  });
}

it("refuses CONNECT and plain requests to the internet, and records them", async () => {
  guard = await startNetGuard();
  const port = Number(new URL(guard.url).port);
  expect(await connectVia(port, "api.example.com:443")).toContain("403");
  const res = await new Promise<number>((resolve) => {
    http.get({ host: "127.0.0.1", port, path: "http://example.com/x" }, (r) => resolve(r.statusCode ?? 0));
  });
  expect(res).toBe(403);
  expect(guard.attempts).toEqual(["CONNECT api.example.com:443", "GET example.com/x"]);
});

it("forwards requests for loopback targets", async () => {
  upstream = http.createServer((_q, r) => r.end("hello from loopback"));
  await new Promise<void>((r) => upstream?.listen(0, "127.0.0.1", r));
  const up = upstream.address() as net.AddressInfo;
  guard = await startNetGuard();
  const port = Number(new URL(guard.url).port);
  const body = await new Promise<string>((resolve) => {
    http.get({ host: "127.0.0.1", port, path: `http://127.0.0.1:${up.port}/` }, (r) => {
      let b = "";
      r.on("data", (d) => (b += d));
      r.on("end", () => resolve(b));
    });
  });
  expect(body).toBe("hello from loopback");
  expect(await connectVia(port, `127.0.0.1:${up.port}`)).toContain("200");
  expect(guard.attempts).toEqual([]);
});
