import { spawn } from "node:child_process";
import net from "node:net";
import { expect, it } from "vitest";
import { remoteAddress, watchProcessGroup } from "./net-watch.ts";

it("decodes /proc/net addresses and treats loopback as local", () => {
  expect(remoteAddress("0100007F:1F90")).toBeNull();
  expect(remoteAddress("00000000:0000")).toBeNull();
  expect(remoteAddress("0101A8C0:01BB")).toBe("192.168.1.1:443");
  expect(remoteAddress("00000000000000000000000001000000:0050")).toBeNull();
  expect(remoteAddress("0000000000000000FFFF00000100007F:0050")).toBeNull();
});

it.runIf(process.platform === "linux")(
  "sees a socket of the watched process group (here: loopback, so nothing recorded)",
  async () => {
    const server = net.createServer((s) => s.end());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as net.AddressInfo;
    const code = `require("net").connect(${port}, "127.0.0.1", () => setTimeout(() => process.exit(0), 300))`;
    const child = spawn(process.execPath, ["-e", code], { detached: true, stdio: "ignore" });
    const watch = watchProcessGroup(child.pid, 20);
    await new Promise((r) => child.on("exit", r));
    expect(watch.stop()).toEqual([]);
    server.close();
  },
);
