// The hooks read the words that name every CLI's places from a generated table: it must be what the CLIs' places.ts
// give today, or a folder a CLI added would pass the prefilters unread.
import { PLACES } from "@hookrail/clis/places";
import { describe, expect, it } from "vitest";
import { placesTable } from "../../src/places/place-words.ts";
import { PLACES_TABLE } from "../../src/places/places-table.ts";

describe("places-table.ts", () => {
  it("is every CLI's places as they read now (npm run places -w @hookrail/merge-gate writes it)", () => {
    expect(PLACES_TABLE).toEqual(placesTable(Object.values(PLACES)));
  });

  it("has every CLI's own folders among its words", () => {
    for (const [cli, places] of Object.entries(PLACES)) {
      const own = placesTable([places]).ownFolderWords;
      for (const word of own) expect(PLACES_TABLE.ownFolderWords, cli).toContain(word);
      expect(own.length, cli).toBe(places.ownFolders.length);
    }
  });
});
