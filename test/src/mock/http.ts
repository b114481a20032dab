// Shared core of the three mock model servers: a plain node:http server on 127.0.0.1 that
// records every request (method, path, parsed JSON body) and lets a per-API handler answer.
import http from "node:http";
import zlib from "node:zlib";

export interface RecordedRequest {
  seq: number;
  /** Date.now() on arrival. */
  t: number;
  method: string;
  path: string;
  query: string;
  /** Set by the handler: "main" (the agent loop), "aux" (classifier, titles, counts), "unexpected". */
  kind: "main" | "aux" | "unexpected";
  /** For main requests: which scripted turn was served. */
  turn?: number;
  body: unknown;
}

/** `delayMs`: the answer waits that long (a model that takes its time before the next call). */
export type Reply = ({ status: number; json: unknown } | { sse: string[]; contentType?: string }) & {
  delayMs?: number;
};

export type Handler = (req: RecordedRequest) => Reply;

export interface MockServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function decode(raw: Buffer, encoding: string | undefined): string {
  if (encoding === "gzip") return zlib.gunzipSync(raw).toString("utf8");
  if (encoding === "br") return zlib.brotliDecompressSync(raw).toString("utf8");
  if (encoding === "deflate") return zlib.inflateSync(raw).toString("utf8");
  return raw.toString("utf8");
}

export async function startMockServer(handler: Handler): Promise<MockServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      let body: unknown = null;
      try {
        const text = decode(Buffer.concat(chunks), req.headers["content-encoding"]);
        body = text ? JSON.parse(text) : null;
      } catch {
        body = { unparsed: true };
      }
      const rec: RecordedRequest = {
        seq: requests.length,
        t: Date.now(),
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.search,
        kind: "unexpected",
        body,
      };
      requests.push(rec);
      let reply: Reply;
      try {
        reply = handler(rec);
      } catch (e) {
        rec.kind = "unexpected";
        reply = { status: 500, json: { error: { message: `mock failure: ${String(e)}` } } };
      }
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if ("sse" in reply) {
        res.writeHead(200, { "content-type": reply.contentType ?? "text/event-stream", "cache-control": "no-cache" });
        for (const chunk of reply.sse) res.write(chunk);
        res.end();
      } else {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify(reply.json));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closed;
    },
  };
}

export const notFound = (what: string): Reply => ({
  status: 404,
  json: { error: { message: `mock: no route for ${what}` } },
});
