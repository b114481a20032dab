// A loopback "trap" proxy. Every CLI runs with HTTP(S)_PROXY/ALL_PROXY pointing here and
// NO_PROXY=loopback: a request for a loopback target is forwarded (some clients send even those
// through the proxy), anything else is recorded and refused. A run passes only if nothing was
// recorded, so a CLI that tries to reach the internet fails its cells instead of leaking.
import http from "node:http";
import net from "node:net";

export interface NetGuard {
  url: string;
  /** Non-loopback targets the CLI tried to reach, e.g. "CONNECT api.anthropic.com:443". */
  attempts: string[];
  close(): Promise<void>;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[?::1\]?)$/i;

function splitHostPort(target: string, defaultPort: number): { host: string; port: number } {
  const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(target);
  return { host: m?.[1] ?? target, port: m?.[2] ? Number(m[2]) : defaultPort };
}

export async function startNetGuard(): Promise<NetGuard> {
  const attempts: string[] = [];
  const server = http.createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? "");
    } catch {
      attempts.push(`${req.method} ${req.url}`);
      res.writeHead(400).end();
      return;
    }
    if (!LOOPBACK.test(url.hostname)) {
      attempts.push(`${req.method} ${url.host}${url.pathname}`);
      res.writeHead(403, { "content-type": "text/plain" }).end("hookrail conformance: network access refused\n");
      return;
    }
    const upstream = http.request(
      {
        host: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || 80,
        method: req.method,
        path: url.pathname + url.search,
        headers: req.headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on("connect", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const { host, port } = splitHostPort(req.url ?? "", 443);
    if (!LOOPBACK.test(host)) {
      attempts.push(`CONNECT ${req.url}`);
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = net.connect(port, host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Proxy variables for the CLI's environment (both spellings; loopback bypasses the proxy). */
export function proxyEnv(guardUrl: string): Record<string, string> {
  const noProxy = "127.0.0.1,localhost,::1";
  return {
    HTTP_PROXY: guardUrl,
    HTTPS_PROXY: guardUrl,
    ALL_PROXY: guardUrl,
    http_proxy: guardUrl,
    https_proxy: guardUrl,
    all_proxy: guardUrl,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
  };
}
