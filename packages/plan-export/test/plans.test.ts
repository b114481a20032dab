// Every CLI either says where its plans are and which route reads them (its places' plans), or is refused by the
// manifest with a reason: a CLI added without either fails here.
import { PLANS } from "@hookrail/clis/places";
import { CLI_NAMES } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { manifest } from "../src/manifest.ts";

describe.each(CLI_NAMES.map((name) => [name]))("%s", (name) => {
  it("has plans or is refused by the manifest, not both", () => {
    expect(PLANS[name] !== undefined).toBe(manifest.unsupported?.[name] === undefined);
  });
});
