// The list is consistent: every CLI name has an entry whose adapter, packaging and installer say the same name.
import { CLI_NAMES } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { CLIS, supportedClis } from "../src/index.ts";

describe("supported CLIs", () => {
  it("lists every CLI name once, in order", () => {
    expect(supportedClis().map((c) => c.name)).toEqual([...CLI_NAMES]);
  });

  it.each(CLI_NAMES.map((name) => [name]))("%s: adapter and packaging are that CLI's", (name) => {
    const cli = CLIS[name];
    expect([cli.name, cli.adapter.cli, cli.packaging.cli, cli.installer.cli]).toEqual([name, name, name, name]);
  });
});
