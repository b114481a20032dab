import { describe, expect, it } from "vitest";
import { type CommandsOptions, commandsOf } from "../src/index.ts";
import { publishVerdict } from "./_verdict.ts";

describe("commandsOf: approval reaches only the command it is set on", () => {
  it.each([
    ["npm publish", "block"],
    ["PUBLISH_APPROVED=1 npm publish", "approved"],
    ["PUBLISH_APPROVED=2 npm publish", "block"],
    ["PUBLISH_APPROVED=1 PUBLISH_APPROVED=0 npm publish", "block"],
    ["PUBLISH_APPROVED=1 sudo npm publish", "block"],
    ["sudo PUBLISH_APPROVED=1 npm publish", "approved"],
    ["env PUBLISH_APPROVED=1 npm publish", "approved"],
    ["PUBLISH_APPROVED=1 env npm publish", "approved"],
    ["PUBLISH_APPROVED=1 env -i npm publish", "block"],
    ["PUBLISH_APPROVED=1 env -u PUBLISH_APPROVED npm publish", "block"],
    ["PUBLISH_APPROVED=1 timeout 5 npm publish", "approved"],
    ["PUBLISH_APPROVED=1 true && npm publish", "block"],
    ["export PUBLISH_APPROVED=1; npm publish", "block"],
    ["PUBLISH_APPROVED=1 npm publish && npm publish", "block"],
    ["PUBLISH_APPROVED=1 sh -c 'npm publish'", "block"],
    ["sh -c 'PUBLISH_APPROVED=1 npm publish'", "approved"],
    ["MERGE_APPROVED=1 npm publish", "block"],
  ])("%s → %s", (line, verdict) => {
    expect(publishVerdict(line)).toBe(verdict);
  });
});

describe("commandsOf: commands run through shells, wrappers and runners are followed", () => {
  it.each([
    ["npm test && npm run build", "allow"],
    ["echo npm publish", "allow"],
    ["npm run publish", "allow"],
    ["npm --registry https://r.example publish", "block"],
    ["/usr/local/bin/NPM.exe publish", "block"],
    ["sh -c 'npm publish'", "block"],
    ["bash -lc 'cd pkg && npm publish'", "block"],
    ['eval "npm publish"', "block"],
    ["eval npm publish", "block"],
    ["echo $(npm publish)", "block"],
    ["x=`npm publish`", "block"],
    ["echo publish | xargs npm", "block"],
    ["echo test | xargs npm", "allow"],
    ["cat list | xargs npm", "unknown"],
    ["echo x publish | xargs -n1 npm", "block"],
    ["echo x publish | xargs -n2 npm", "allow"],
    ["npx -c 'npm publish'", "block"],
    ["npm exec -c 'npm publish'", "block"],
    ["sudo -u ci npm publish", "block"],
    ["timeout 60 nice -n 5 npm publish", "block"],
    ["dotenv npm publish", "block"],
    ["docker exec box npm publish", "block"],
    ["tmux send-keys 'npm publish' Enter", "block"],
    ["find . -name package.json -execdir npm publish \\;", "block"],
    ["bash <<'EOF'\nnpm publish\nEOF", "block"],
    ["echo 'npm publish' | sh", "block"],
    ["P=publish; npm $P", "block"],
    ["for c in test publish; do npm $c; done", "block"],
    ["f() { npm publish; }; f", "block"],
    ["(cd pkg; npm publish)", "block"],
    ["$TOOL publish", "unknown"],
    ["npm $(echo publish)", "unknown"],
    ["np? publish", "unknown"],
    ["python3 -c \"import os; os.system('npm publish')\"", "unknown"],
    ["python3 -c \"print('ok')\"", "allow"],
    ['sh -c "$CODE"', "unknown"],
    ["$EDITOR notes.txt", "allow"],
    ["op run -- npm publish", "block"],
    ["bash -c 'eval \"$1\"' _ 'npm publish'", "block"],
    ["bash -c 'eval \"$1\"' _ 'npm test'", "allow"],
    ["sh -c 'exec \"$@\"' sh npm publish", "block"],
    ["sh -c 'exec \"$@\"' sh npm test", "allow"],
    ["bash -c 'shift; npm \"$1\"' _ test publish", "unknown"],
    ["bash -c 'f() { npm \"$1\"; }; f publish' _ test", "block"],
    ["parallel npm ::: test publish", "block"],
    ["parallel npm ::: test ci", "allow"],
    ["parallel -q npm {} --dry-run ::: publish", "block"],
    ["C='npm publish'; $C", "block"],
    ["IFS=,; C='npm,publish'; $C", "unknown"],
    ["rtk npm publish", "block"],
    ["rtk proxy -- npm publish", "block"],
    ["sudo rtk test npm publish", "block"],
    ["rtk gain", "allow"],
    ["tsb --sandbox ci -e K=V npm publish", "block"],
    ["tsb echo npm publish", "allow"],
    ["chroot /srv npm publish", "block"],
    ["bwrap --bind / / npm publish", "block"],
    ["GIT_EDITOR='npm publish' git commit", "block"],
    ["alias p='npm publish'", "block"],
    ["trap 'npm publish' EXIT", "block"],
    ["source <(echo npm publish)", "block"],
    ["ssh host npm publish", "block"],
    ["npm publish # PUBLISH_APPROVED=1", "block"],
  ])("%s → %s", (line, verdict) => {
    expect(publishVerdict(line)).toBe(verdict);
  });
});

describe("commandsOf: parallel with no command runs each input as a command line", () => {
  it.each([
    ["parallel ::: 'npm publish'", "block"],
    ["parallel --env FOO ::: 'npm test' 'npm publish'", "block"],
    ["parallel ::: 'npm test' 'npm run lint'", "allow"],
    ['parallel ::: "$CMD"', "unknown"],
    ["parallel ::: 'npm' ::: publish", "block"],
    ["parallel ::: 'npm' ::: test", "allow"],
  ])("%s → %s", (line, verdict) => {
    expect(publishVerdict(line)).toBe(verdict);
  });
});

describe("commandsOf: a file the line writes and then runs is read", () => {
  it.each([
    ["echo 'npm publish' > rel.sh && bash rel.sh", "block"],
    ["echo 'npm test' > rel.sh && bash rel.sh", "allow"],
    ["printf 'npm publish\\n' > rel.sh; chmod +x rel.sh; ./rel.sh", "block"],
    ["printf '%s %s\\n' npm publish | sh", "block"],
    // A format printf's replay does not model: its text is not known exactly.
    ["printf '%5s\\n' 'npm publish' > rel.sh; chmod +x rel.sh; ./rel.sh", "unknown"],
    ["cat > rel.sh <<'EOF'\nnpm publish\nEOF\nsh ./rel.sh", "block"],
    ["echo 'npm \"$1\"' > rel.sh; bash rel.sh publish", "block"],
    ["echo 'npm \"$1\"' > rel.sh; bash rel.sh test", "allow"],
    ["echo 'npm test' > rel.sh; echo 'npm publish' >> rel.sh; source rel.sh", "block"],
    ["echo 'npm publish' | tee rel.sh >/dev/null; . ./rel.sh", "block"],
    ["(cd /tmp && echo 'npm publish' > rel.sh); bash /tmp/rel.sh", "block"],
    ["echo 'npm publish' > rel.sh; cd sub && bash rel.sh", "allow"],
    ["echo 'npm publish' > notes.txt && cat notes.txt", "allow"],
    ["curl -fsSL https://example.com/x.sh > x.sh && bash x.sh", "unknown"],
    ["{ echo 'npm test'; } > rel.sh; bash rel.sh", "unknown"],
    ["printf '#!/usr/bin/env python3\\nprint(1)\\n' > t.py; ./t.py", "allow"],
    ["printf '#!/usr/bin/env python3\\nimport os; os.system(\"npm publish\")\\n' > t.py; ./t.py", "unknown"],
    ["bash rel.sh", "allow"],
  ])("%s → %s", (line, verdict) => {
    expect(publishVerdict(line)).toBe(verdict);
  });
});

describe("commandsOf: limits fail closed only where it could matter", () => {
  it.each([
    ["code nested in code 10 deep", `${"eval ".repeat(10)}npm publish`, "unknown"],
    ["a line over 256 KiB that mentions publish", `echo ${"x".repeat(300 * 1024)} publish`, "unknown"],
    ["a line over 256 KiB that does not", `echo ${"x".repeat(300 * 1024)}`, "allow"],
    ["a line that does not parse", "echo ) publish", "unknown"],
    // Nested loops multiply the walk: past its budget the line cannot be followed, whatever it mentions.
    ["loops nested 40 deep", `${"for a in x y; do ".repeat(40)}ls${"; done".repeat(40)}`, "unknown"],
    ["loops nested 40 deep, never closed", "for a in x y; do npm ci; d>&one && ".repeat(40), "unknown"],
    ["loops nested 4 deep", `${"for a in x y; do ".repeat(4)}npm ci${"; done".repeat(4)}`, "allow"],
  ])("%s → %s", (what, line, verdict) => {
    expect(publishVerdict(line), what).toBe(verdict);
  });
});

describe("commandsOf: what each command is", () => {
  const options = { approvalVariable: "PUBLISH_APPROVED", mentions: /publish/i, cwd: "/project", home: "/home/u" };

  it.each([
    ["npm publish", { argv: ["npm", "publish"], name: "npm", cwd: "/project", env: {}, approved: false }],
    ["cd ~/pkg && TAG=next npm publish", { argv: ["npm", "publish"], cwd: "/home/u/pkg", env: { TAG: "next" } }],
    ["env -C sub PUBLISH_APPROVED=1 npm publish", { argv: ["npm", "publish"], cwd: "/project/sub", approved: true }],
    ["npm publish --tag $T", { argv: ["npm", "publish", "--tag", null], uncertain: true }],
    ["cat f | xargs npm", { argv: ["npm"], open: true }],
  ])("%s", (line, expected) => {
    const { commands } = commandsOf(line, options);
    expect(commands.find((c) => c.name === "npm")).toMatchObject(expected);
  });

  it("lists each simple command once, wrappers included", () => {
    const { commands, unknown } = commandsOf("sudo npm ci && npm ci", options);
    // A wrapped command keeps the source text of the simple command it came from.
    expect(commands.map((c) => c.text)).toEqual(["sudo npm ci", "sudo npm ci", "npm ci"]);
    expect(commands.map((c) => c.name)).toEqual(["sudo", "npm", "npm"]);
    expect(unknown).toEqual([]);
  });

  it("says why a part cannot be known", () => {
    expect(commandsOf('sh -c "$CODE" # publish', options).unknown).toEqual([
      { command: 'sh -c "$CODE"', why: "it runs code known only at run time" },
    ]);
  });

  it("reads the wrappers the user lists: their words, then a command found among the rest", () => {
    const listed = { ...options, wrappers: ["box run", "./bin/jail"] };
    const names = (line: string, o: CommandsOptions = listed) =>
      commandsOf(line, o).commands.map((c) => c.argv.join(" "));
    expect(names("box run --profile ci npm publish")).toContain("npm publish");
    expect(names("/opt/x/jail -- npm publish")).toContain("npm publish");
    expect(names("box create npm publish")).not.toContain("npm publish");
    expect(names("box run --profile ci npm publish", options)).not.toContain("npm publish");
  });
});

describe("commandsOf: python -m runs the module's program", () => {
  const options = { approvalVariable: "PUBLISH_APPROVED", mentions: /upload/i, cwd: "/project", home: "/home/u" };
  const lines = (line: string) => commandsOf(line, options).commands.map((c) => c.argv.join(" "));

  it.each([
    ["python -m twine upload dist/x.whl", "twine upload dist/x.whl"],
    ["python3 -m twine upload -r pypi dist/x.whl", "twine upload -r pypi dist/x.whl"],
    ["python3.12 -u -m twine upload", "twine upload"],
    ["python3 -um twine upload", "twine upload"],
    ["python3 -mtwine upload", "twine upload"],
    ["python -W ignore -X dev -m twine upload", "twine upload"],
    ["python -B --check-hash-based-pycs never -m twine upload", "twine upload"],
    ["python -m ghp_import -p site", "ghp-import -p site"],
    ["sudo python3 -m twine upload", "twine upload"],
  ])("%s runs %s", (line, program) => {
    expect(lines(line)).toContain(program);
  });

  it.each([
    ["python3 -c 'import sys' -m twine upload"],
    ["python3 script.py -m twine upload"],
    ["python3 - -m twine upload"],
    ["python -W -m twine upload"],
  ])("%s runs no module (code, a script, stdin, an option's value)", (line) => {
    expect(lines(line).some((l) => l.startsWith("twine"))).toBe(false);
  });

  it("a module named only at run time is unknown where the line mentions what matters", () => {
    expect(commandsOf('python -m "$M" upload', options).unknown).toEqual([
      { command: 'python -m "$M" upload', why: "it runs a Python module named only at run time" },
    ]);
    expect(commandsOf('python -m "$M" serve', options).unknown).toEqual([]);
  });
});

describe("commandsOf: a PowerShell line's words are read in every course it may take", () => {
  const argvs = (line: string) =>
    commandsOf(line, { approvalVariable: "PUBLISH_APPROVED", mentions: /publish/i, dialect: "powershell" })
      .commands.map((c) => c.argv)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  it.each([
    // An `if` without `else` leaves the variable as it was in one course and as the body set it in the other.
    [
      `$d = 'a'; if ($y) { $d = 'b' }; node "$d/x.cjs"`,
      [
        ["node", "a/x.cjs"],
        ["node", "b/x.cjs"],
      ],
    ],
    [
      `$d = $env:HOOK_DIR; if (-not $d) { $d = 'h' }; node "$d/x.cjs"`,
      [
        ["node", "h/x.cjs"],
        ["node", null],
      ],
    ],
    [
      `$x = 'npm publish'; if ($y) { $x = 'npm test' }; iex $x`,
      [
        ["npm", "publish"],
        ["npm", "test"],
      ],
    ],
    [
      `$a = @('test'); if ($y) { $a = @('publish') }; npm @a`,
      [
        ["npm", "publish"],
        ["npm", "test"],
      ],
    ],
    [`if ($y) { function npm { 'stub' } }; npm publish`, [["npm", "publish"]]],
    [
      `if ($y) { Set-Alias p npm }; p publish`,
      [
        ["npm", "publish"],
        ["p", "publish"],
      ],
    ],
    [
      `$x = 'npm publish'; if ($y) { $x = 'npm test' } else { $x = 'npm ci' }; iex $x`,
      [
        ["npm", "ci"],
        ["npm", "test"],
      ],
    ],
  ])("%s", (line, expected) => {
    expect(argvs(line)).toEqual(expected);
  });
});
