// Every CLI either says where its plans are and which route reads them (its places' plans), or is refused by the
// manifest's need of a plan approval, with the reason its places give: a CLI added without either fails here.
import { PLACES, PLANS } from "@hookrail/clis/places";
import { CLI_NAMES, refusalIn } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { manifest } from "../src/manifest.ts";

describe.each(CLI_NAMES.map((name) => [name]))("%s", (name) => {
  it("has plans or is refused by the manifest, not both", () => {
    expect(PLANS[name] !== undefined).toBe(refusalIn(manifest, PLACES[name].lacks) === undefined);
  });
});
