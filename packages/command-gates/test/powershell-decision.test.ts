// A PowerShell tool's line: read by the PowerShell reader, approved by the marker in PowerShell's spelling
// (set just before the command, removed right after), and told to the model in that spelling.
import type { Decision } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { decideCommandGates } from "../src/decide.ts";
import type { CommandGate } from "../src/options.ts";
import { inMode, publish } from "./_gates.ts";

const decide = (line: string, gates: CommandGate[] = [publish], userApprovals: string[] = []) =>
  decideCommandGates({ line, cwd: "C:/repo", dialect: "powershell", userApprovals }, { gates });
const reason = (d: Decision) => (d.type === "deny" || d.type === "ask" ? d.reason : "");

describe("PowerShell lines", () => {
  it("tells the model the marker in PowerShell's spelling", () => {
    expect(reason(decide("npm publish --access public").decision)).toMatchInlineSnapshot(`
      "command-gates: blocked. \`npm publish --access public\` runs npm publish (gate "publish")
      Publishing is a release step: ask the owner first.
      This is the user's call, not yours: do not retry or work around this gate. Ask the user; only once they approve, rerun that same command with the marker around it, in PowerShell's spelling ($env:PUBLISH_APPROVED = 1; npm publish --access public; Remove-Item Env:PUBLISH_APPROVED), so the approval sits in the transcript next to the command"
    `);
    expect(reason(decide("Get-Content release.txt | Invoke-Expression").decision)).toMatchInlineSnapshot(`
      "command-gates: blocked. \`Invoke-Expression\` cannot be checked before it runs: it runs code printed by a command (gate "publish": npm publish, pnpm publish, yarn npm publish)
      Publishing is a release step: ask the owner first.
      Write the command out in full, as plain commands. If it is meant to run npm publish or pnpm publish or yarn npm publish, that is the user's call: ask them first, and once they approve, run it as a plain command with the marker around it, in PowerShell's spelling (it has no NAME=1 prefix): \`$env:PUBLISH_APPROVED = 1; <the command>; Remove-Item Env:PUBLISH_APPROVED\`"
    `);
  });

  it.each([
    ["$env:PUBLISH_APPROVED = 1; npm publish; Remove-Item Env:PUBLISH_APPROVED", ["publish"], "allow"],
    ["$env:PUBLISH_APPROVED = 1; npm publish; Remove-Item Env:PUBLISH_APPROVED", [], "deny"],
    ["$env:PUBLISH_APPROVED = 1; npm publish; Remove-Item Env:PUBLISH_APPROVED; npm test", ["publish"], "deny"],
    ["npm publish", ["publish"], "deny"],
  ])("mode user: %s with approvals %j → %s", (line, approvals, expected) => {
    const { decision } = decide(line, [inMode(publish, "user")], approvals);
    expect(decision.type, reason(decision)).toBe(expected);
  });

  it("mode user: tells the model to run the approved command alone, in PowerShell's spelling", () => {
    const line = "npm test; $env:PUBLISH_APPROVED = 1; npm publish; Remove-Item Env:PUBLISH_APPROVED";
    expect(reason(decide(line, [inMode(publish, "user")], ["publish"]).decision)).toMatchInlineSnapshot(`
      "command-gates: blocked. \`npm publish\` runs npm publish (gate "publish") (approved with PUBLISH_APPROVED=1)
      This gate accepts the command only after the user approved it in their own latest message, and only as a command of its own: run the approved command alone ($env:PUBLISH_APPROVED = 1; npm publish; Remove-Item Env:PUBLISH_APPROVED), nothing before or after it."
    `);
  });
});
