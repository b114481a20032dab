// The home folder behind config and state paths, found without a static import of node:os.
import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { homeDirectory } from "../src/_home.ts";

describe("homeDirectory", () => {
  it("is $HOME when set, else what os.homedir() says", () => {
    expect(homeDirectory({ HOME: "/home/someone" })).toBe("/home/someone");
    expect(homeDirectory({})).toBe(homedir());
    expect(homeDirectory({ HOME: "" })).toBe(homedir());
  });
});
