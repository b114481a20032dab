// npm's reading of its command word (npm 11's deref: exact names, aliases and typos, unique prefixes, camelCase).
import { describe, expect, it } from "vitest";
import { npmCommand } from "../src/npm-commands.ts";

describe("npmCommand", () => {
  it.each([
    ["publish", "publish"],
    ["pub", "publish"],
    ["publi", "publish"],
    ["pu", "publish"],
    ["exe", "exec"],
    ["x", "exec"],
    ["i", "install"],
    ["in", "install"],
    ["isntall", "install"],
    ["add", "install"],
    ["rm", "uninstall"],
    ["un", "uninstall"],
    ["unp", "unpublish"],
    ["installTest", "install-test"],
    ["install-cl", "ci"],
    ["clean-install", "ci"],
    ["upgrade", "update"],
    ["run-script", "run"],
  ])("%s is npm %s", (word, command) => {
    expect(npmCommand(word)).toBe(command);
  });

  it.each(["p", "e", "ex", "d", "de", "zz", "", "publishx"])("%j names no one command", (word) => {
    expect(npmCommand(word)).toBeUndefined();
  });
});
