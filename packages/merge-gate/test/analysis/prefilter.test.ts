// The prefilter may skip the analysis only where the analysis finds nothing: checked on the corpus, on mutated
// corpus lines and on random command lines built from the words that matter.

import { wrappersFrom } from "@hookrail/shell/engine";
import { describe, expect, it } from "vitest";
import { analyzeFully } from "../../src/analysis/analyze-command.ts";
import { analysisCanSkip } from "../../src/analysis/prefilter.ts";
import { corpus, corpusFacts } from "./_corpus.ts";
import { mutate, prng } from "./_fuzz.ts";

const facts = [corpusFacts, { protectedBranches: ["main", "master", "release/*"], currentBranch: "main" }];
// Wrappers a config may list: a two-word one, one named like a built-in wrapper, one that is a path.
const LISTED = ["tsb run", "rtk run", "./bin/mywrap"];
const findsNothing = (command: string, wrappers: readonly string[] = []) =>
  facts.every((f) => analyzeFully(command, { ...f, wrappers }).findings.length === 0);

const WORDS = [
  ..."git gh hub curl wget http xh bash sh zsh eval source . alias python3 node bun deno env sudo xargs".split(" "),
  ..."npx pnpm yarn docker nix nix-shell pwsh tmux screen at trap watch parallel find ssh flock time nice".split(" "),
  ..."log status diff show push merge pr view list checks api graphql checkout rebase config -c -C -X PUT".split(" "),
  ..."ls cat echo make npm test grep cd rm cp mkdir main master feature origin HEAD:main 12 --json -5".split(" "),
  ..."repos/o/r/pulls/1/merge mergeable /usr/bin/gh GH.exe ./git if then fi for do done in while".split(" "),
  ..."rtk proxy tsb run mywrap -- chroot gosu nohup busybox command exec test err -v".split(" "),
  ..."comment issue review -b --body @mergifyio queue bors r+ /merge glab mr note -m @dependabot".split(" "),
  ..."-X DELETE POST projects/:id/repository/commits branch=main repos/o/r/branches/main/protection".split(" "),
  ..."tea pulls m fj gt town git-town ship land ghstack spr az repos update --status completed --auto-complete".split(
    " ",
  ),
  ..."jj bookmark -b --bookmark --named main=@ --tracked sl --to".split(" "),
  ..."edit create --add-label automerge --remove-label do-not-merge -l --label --unlabel /label ~automerge".split(" "),
  ..."repos/o/r/issues/1/labels labels[]=automerge".split(" "),
  ..."gh-pages ngh push-dir ghp-import mkdocs gh-deploy -d dist --branch=main -p python3 -m ghp_import".split(" "),
  ..."HEAD:refs/for/main%submit -o submit gerrit review --submit -s --label Autosubmit=+1 changes/1/submit".split(" "),
  ..."cl git-cl land set-commit upload --use-commit-queue --enable-auto-submit /lgtm /approve /unhold lgtm".split(" "),
];
const OPS = [" && ", " || ", " | ", "; ", " & ", "\n", " "];

function randomLine(rand: (n: number) => number): string {
  let line = "";
  for (let n = 1 + rand(8); n > 0; n--) {
    line += WORDS[rand(WORDS.length)];
    line += rand(3) === 0 ? OPS[rand(OPS.length)] : " ";
  }
  return rand(10) === 0 ? line.trimEnd() + OPS[rand(OPS.length)] : line.trim();
}

describe("prefilter", () => {
  it.each([
    ["npm test", true],
    ["ls -la && make build", true],
    ["gh pr view 12 --json state,mergeable && git log --oneline -5", true],
    ["git status; git diff --stat", true],
    ["git push origin feature", false],
    ["gh pr merge 12", false],
    ["gh -R o/r pr view 12", false],
    ["git -c alias.log=push log", false],
    ["git LOG", false],
    ["echo merge", true],
    ["npm run build && npm test", true],
    ["npm exec gh pr merge 1", false],
    ["gh pr view 1 &&", false],
    ["if true; then git log; fi", false],
    ["cat x > .claude/settings.json", false],
    ["cp a .hookrail/config.json", false],
    ["ls $HOME", false],
    ["GIT_EDITOR=vim git commit", false],
  ])("%j → skipped: %s", (command, skipped) => {
    expect(analysisCanSkip(command)).toBe(skipped);
  });

  it.each([
    ["rtk git status", [], true],
    ["rtk proxy git log --oneline", [], true],
    ["rtk git push origin main", [], false],
    ["rtk -v git status", [], false],
    ["nohup git status", [], true],
    ["mywrap git push origin main", [], true],
    ["mywrap git push origin main", ["mywrap"], false],
    ["mywrap ls git push origin main", ["mywrap"], false],
    ["mywrap git status", ["mywrap"], true],
    ["tsb run git log", ["tsb run"], true],
    ["tsb run ls git push origin main", ["tsb run"], false],
    ["tsb run -- git push origin main", ["tsb run"], false],
  ])("%j with wrappers %j → skipped: %s", (command, wrappers, skipped) => {
    expect(analysisCanSkip(command, undefined, wrappersFrom(wrappers))).toBe(skipped);
  });

  it("skips nothing in the corpus that the analysis would report", () => {
    for (const { command } of corpus) {
      if (analysisCanSkip(command)) expect(findsNothing(command), command).toBe(true);
    }
  });

  it("skips nothing that the analysis would report, on random and mutated lines", () => {
    const rand = prng(4242);
    const listed = wrappersFrom(LISTED);
    let skipped = 0;
    for (let i = 0; i < 6000; i++) {
      const command = i % 2 === 0 ? randomLine(rand) : mutate(rand, corpus[rand(corpus.length)]?.command ?? "");
      // Every third line with the listed wrappers as well.
      const wrappers = i % 3 === 0 ? LISTED : [];
      if (!analysisCanSkip(command, undefined, i % 3 === 0 ? listed : [])) continue;
      skipped++;
      expect(findsNothing(command, wrappers), command).toBe(true);
    }
    // The property is not vacuous: many lines were skipped.
    expect(skipped).toBeGreaterThan(500);
  }, 60_000);
});
