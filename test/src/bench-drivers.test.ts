// The bridge bench drives every bridge CLI's plugin: a bridge CLI added without a driver fails here.
import { supportedClis } from "@hookrail/clis";
import { describe, expect, it } from "vitest";
import { PLUGIN_DRIVERS } from "../bench/plugin-drivers.ts";

describe("the bridge bench", () => {
  it("has a plugin driver for exactly the CLIs whose packaging has a bridge", () => {
    const bridges = supportedClis()
      .filter((cli) => cli.packaging.bridge)
      .map((cli) => cli.name)
      .sort();
    expect(Object.keys(PLUGIN_DRIVERS).sort()).toEqual(bridges);
  });
});
