import { describe, expect, it } from "vitest";
import { commandsOf } from "../src/index.ts";

const options = { approvalVariable: "PUBLISH_APPROVED", mentions: /publish/i, cwd: "/project", home: "/home/u" };

/** The directory each `npm` command of the line runs in. */
const npmDirs = (line: string) =>
  commandsOf(line, options)
    .commands.filter((c) => c.name === "npm")
    .map((c) => c.cwd);

describe("commandsOf follows the directory through the line", () => {
  it.each([
    ["npm publish", ["/project"]],
    ["cd pkg && npm publish", ["/project/pkg"]],
    ["cd /srv && cd - && npm publish", ["/project"]],
    ["cd && npm publish", ["/home/u"]],
    // cd may fail: after `;` the line may be in either folder.
    ["cd pkg; npm publish", [null]],
    ["(cd pkg); npm publish", ["/project"]],
    ["(cd pkg && npm publish)", ["/project/pkg"]],
    ["pushd pkg && popd && npm publish", ["/project"]],
    ["cd a || cd b; npm publish", [null]],
    ["D=pkg; cd $D && npm publish", ["/project/pkg"]],
    ["cd $SOMEWHERE && npm publish", [null]],
    ["env -C /srv npm publish", ["/srv"]],
    ["sh -c 'cd pkg' && npm publish", ["/project"]],
    ["eval 'cd pkg && npm publish'", ["/project/pkg"]],
  ])("%s", (line, dirs) => {
    expect(npmDirs(line)).toEqual(dirs);
  });
});
