import { createHash } from "node:crypto";
import { prng } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../src/state/_sha256.ts";

const reference = (text: string) => createHash("sha256").update(text).digest("hex");

describe("sha256Hex: the state store's file names, without node:crypto", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  ])("the standard vector for %j", (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });

  it("matches node:crypto on every length across the padding boundaries, and on non-ASCII text", () => {
    const random = prng(20_261_201);
    const alphabet = "abcdef/-_.0123456789 é漢😀\n";
    for (let length = 0; length < 300; length++) {
      let text = "";
      for (let i = 0; i < length; i++) text += alphabet[random(alphabet.length)];
      expect(sha256Hex(text)).toBe(reference(text));
    }
  });
});
