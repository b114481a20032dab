// Shell commands that change what decides whether the gates run: blocked unless approved; reads and other files run.
import { describe, expect, it } from "vitest";
import { analyzeCommand, describeFindings, isBlocked, mayTouchProtected } from "../../src/analysis/index.ts";
import { decideMergeGate } from "../../src/decide.ts";
import { protectedPaths } from "../../src/protected-places.ts";

const paths = protectedPaths({ HOME: "/home/u", CODEX_HOME: "/opt/codex" }, "/home/u/repo");
const facts = { protectedBranches: ["main"], currentBranch: "feature", protectedPaths: paths };
const verdict = (command: string) => {
  const analysis = analyzeCommand(command, facts);
  return { blocked: isBlocked(analysis), text: describeFindings(analysis), findings: analysis.findings };
};

describe("shell commands that change protected files are blocked", () => {
  it.each<[string, RegExp]>([
    [
      "echo '{}' > ~/.config/hookrail/config.json",
      /hookrail's user config \(\/home\/u\/\.config\/hookrail\/config\.json\)/,
    ],
    ["echo '{}' >> $HOME/.config/hookrail/config.json", /hookrail's user config/],
    ["printf x &> ~/.local/state/hookrail/approvals/a.json", /hookrail's state/],
    ["> ~/.cache/hookrail/v8/merge-gate.bin", /compiled hook cache/],
    ["{ echo a; } > ~/.gemini/settings.json", /Gemini CLI's hook settings/],
    [
      "cat <<EOF > .claude/settings.json\n{}\nEOF",
      /Claude Code's hook settings \(\/home\/u\/repo\/\.claude\/settings\.json\)/,
    ],
    ["jq '.hooks={}' s.json | tee ~/.claude/settings.json", /Claude Code's hook settings/],
    ["tee -a .claude/settings.local.json <<<'{}'", /Claude Code's hook settings/],
    ["rm -rf ~/.claude/plugins/cache/hookrail", /Claude Code's installed plugins/],
    ["rm -rf ~/.claude", /Claude Code/],
    ["rm -rf ~/.gemini/extensions/merge-gate", /Gemini CLI's extensions/],
    ["unlink /opt/codex/hooks.json", /Codex's hook registrations \(\/opt\/codex\/hooks\.json\)/],
    ["mv /opt/codex/config.toml /tmp/", /Codex's config and hook trust/],
    ["cp /tmp/empty.json /opt/codex/hooks.json", /Codex's hook registrations/],
    ["cp hooks.json /opt/codex/", /Codex's hook registrations \(\/opt\/codex\/hooks\.json\)/],
    ["cp -r dotfiles/. ~/.claude", /Claude Code/],
    ["ln -sf /tmp/evil.json ~/.copilot/hooks/hooks.json", /Copilot CLI's hooks/],
    ["install -m 644 x .github/hooks/guard.json", /Copilot hooks/],
    ["echo '{}' > .qwen/settings.json", /Qwen Code's hook settings \(\/home\/u\/repo\/\.qwen\/settings\.json\)/],
    ["rm -rf ~/.qwen/extensions/merge-gate", /Qwen Code's extensions/],
    ["cp /dev/null ~/.qwen/trustedFolders.json", /Qwen Code's trusted folders/],
    ["rm -r .qwen/hookrail", /hookrail's installed Qwen Code hooks/],
    ["echo '{}' > ~/.cline/hooks/PreToolUse", /Cline's hooks/],
    ["rm -rf .clinerules/hooks/hookrail/merge-gate", /a project's Cline hooks/],
    ["mv .cline/hooks/PreToolUse /tmp/x", /Cline's hooks/],
    ["cp /dev/null ~/Documents/Cline/Hooks/PreToolUse.sh", /Cline's user hooks/],
    ["rm -rf .clinerules", /\.clinerules/],
    ["sed -i s/Execute/Bash/ ~/.factory/hooks.json", /Factory Droid's hooks \(\/home\/u\/\.factory\/hooks\.json\)/],
    ["echo '{\"hooksDisabled\":true}' > .factory/hooks.json", /Factory Droid's hooks/],
    ["jq '.hooks={}' s.json > ~/.factory/settings.json", /Factory Droid's settings and hooks/],
    ["rm -rf ~/.factory/hookrail/merge-gate", /hookrail's installed Factory Droid hooks/],
    ["rm -rf /home/u/.factory/plugins/cache", /Factory Droid's installed plugins/],
    ["rm -rf ~/.factory", /Factory Droid/],
    ["tee /etc/qwen-code/settings.json < /dev/null", /Qwen Code's system settings/],
    ["truncate -s 0 /etc/factory/settings.json", /Factory Droid's organization settings/],
    ["truncate -s 0 /opt/codex/hookrail/merge-gate/merge-gate.cjs", /installed Codex hooks/],
    ["chmod 000 ~/.codex/hookrail/merge-gate/merge-gate.cjs", /installed Codex hooks/],
    ["chmod -R u+w ~/.claude", /Claude Code/],
    ["sed -i 's/deny/allow/' .codex/config.toml", /Codex's config/],
    ["perl -pi -e 's/x/y/' ~/.gemini/settings.json", /Gemini CLI's hook settings/],
    ["dd if=/dev/null of=/home/u/.copilot/settings.json", /Copilot CLI's settings/],
    ["rsync -a --delete empty/ ~/.gemini/extensions/", /Gemini CLI's extensions/],
    ["curl -sSo ~/.claude/settings.json https://example.com/s.json", /Claude Code's hook settings/],
    ["find ~/.claude/plugins -name '*.json' -delete", /installed plugins/],
    // The bridge CLIs' own folders, whole, as `.claude` is: removing or moving one removes its plugins.
    ["rm -rf .opencode", /the project's OpenCode plugins \(\/home\/u\/repo\/\.opencode\)/],
    ["mv .kilo /tmp/k", /the project's Kilo Code CLI plugins/],
    ["rm -rf ~/.kilocode", /Kilo Code CLI's plugins/],
    ["rm -r .pi", /Pi's extensions/],
    ["mv ~/.pi /tmp/", /Pi's extensions/],
    ["rm -rf ~/.pi/agent", /Pi's extensions/],
    ["rm -rf ~/.config/opencode", /OpenCode's plugins/],
    ["cd ~/.config && rm -rf kilo", /Kilo Code CLI's plugins/],
    ["mv .opencode .opencode.bak", /OpenCode plugins/],
    ["rm -rf .opencode/plugins/hookrail-merge-gate.js", /OpenCode plugins/],
    // Brace expansion makes the names before the command sees them.
    ["mv .claude{,.bak}", /Claude Code's hook settings/],
    ["rm -rf .{opencode,cache}", /OpenCode plugins/],
    ["mv .pi{,.old}", /Pi's extensions/],
    ["rm -rf ~/.{codex,x}/hooks.json", /Codex's hook registrations/],
    ["tar -xzf hooks.tgz -C ~/.codex", /Codex/],
    ["unzip -o ext.zip -d ~/.gemini/extensions", /Gemini CLI's extensions/],
    ["touch .git/hooks/pre-push", /pre-push hook/],
    ['echo \'{"version":1,"hooks":{}}\' > .cursor/hooks.json', /Cursor's hook registrations/],
    ["rm ~/.cursor/hooks.json", /Cursor's hook registrations \(\/home\/u\/\.cursor\/hooks\.json\)/],
    ["rm -rf .cursor", /Cursor/],
    ["truncate -s 0 ~/.cursor/hookrail/merge-gate/merge-gate.cjs", /installed Cursor hooks/],
    ["sudo tee /etc/cursor/hooks.json < x", /Cursor's enterprise hooks/],
    ["jq 'del(.[\"hookrail-merge-gate\"])' h > ~/.gemini/config/hooks.json", /Antigravity CLI's hook registrations/],
    ["rm ~/.gemini/antigravity-cli/hooks.json", /Antigravity CLI's hook registrations/],
    ["sed -i 's/x/y/' ~/.gemini/antigravity-cli/settings.json", /Antigravity CLI's settings/],
    ["echo '{}' > .agents/hooks.json", /project's Antigravity CLI hooks/],
    ["rm -rf .agents", /Antigravity CLI/],
    ["rm -rf ~/.gemini/config/hookrail", /installed Antigravity CLI hooks/],
    ["vim .gemini/settings.json", /Gemini CLI's hook settings/],
    ["cd ~/.claude && rm -rf plugins", /installed plugins/],
    ["cd .. && rm -rf repo/.claude/settings.json", /Claude Code's hook settings/],
    ["rm ~/.cla*/settings.json", /matching a pattern/],
    ["bash -c 'echo {} > ~/.codex/hooks.json'", /Codex's hook registrations/],
    ["sudo tee /etc/claude-code/managed-settings.json < x", /managed settings/],
    // The line's own literal value is followed: the file is named.
    ['X=~/.claude/settings.json; rm "$X"', /changes Claude Code's hook/],
    ["echo ~/.claude/settings.json | xargs rm", /Claude Code.s hook settings/],
    ["python3 -c \"import os; os.remove(os.path.expanduser('~/.codex/hooks.json'))\"", /runs python3 code/],
    ["node -e \"require('fs').writeFileSync(process.env.HOME + '/.claude/settings.json', '{}')\"", /runs node code/],
    [
      "python3 - <<'EOF'\nimport shutil\nshutil.rmtree('/home/u/.gemini/extensions/merge-gate')\nEOF",
      /runs python3 code/,
    ],
    ["claude plugin uninstall merge-gate@hookrail", /uninstalls or disables a Claude Code plugin/],
    ["claude plugin disable merge-gate", /Claude Code plugin/],
    ["claude plugin marketplace remove hookrail", /marketplace/],
    ["copilot plugin uninstall merge-gate", /Copilot CLI plugin/],
    ["qwen extensions uninstall merge-gate", /uninstalls or disables a Qwen Code extension/],
    ["qwen extensions disable --scope workspace branch-drift", /Qwen Code extension/],
    ["droid plugin uninstall merge-gate@hookrail", /uninstalls or disables a Factory Droid plugin/],
    ["droid plugin remove plan-export@hookrail", /Factory Droid plugin/],
    ["gemini extensions uninstall merge-gate", /Gemini CLI extension/],
    ["gemini extensions disable --scope user merge-gate", /Gemini CLI extension/],
    ["gemini hooks migrate", /Gemini CLI's hooks/],
    ["codex features disable hooks", /turns Codex hooks off/],
    ["hookrail uninstall merge-gate --cli codex", /uninstalls hookrail's hooks/],
    ["npx @hookrail/cli uninstall merge-gate", /uninstalls hookrail's hooks/],
    ["node apps/cli/dist/hookrail.mjs uninstall merge-gate", /uninstalls hookrail's hooks/],
  ])("%s", (command, what) => {
    const v = verdict(command);
    expect(v.blocked).toBe(true);
    expect(v.text).toMatch(what);
    expect(v.findings.every((f) => f.kind === "tamper")).toBe(true);
    // A prefilter that skips the parser for commands it rules out must never rule these out.
    expect(mayTouchProtected(command, paths)).toBe(true);
    // The marker on that very command approves it.
    if (!/[;&|\n{]|^(?:cd|sudo) |^X=/.test(command)) expect(verdict(`MERGE_APPROVED=1 ${command}`).blocked).toBe(false);
  });
});

describe("everything else runs", () => {
  it.each([
    "cat ~/.claude/settings.json",
    "jq .hooks ~/.gemini/settings.json > /tmp/hooks.json",
    "less /opt/codex/config.toml",
    "cp ~/.codex/hooks.json /tmp/backup.json",
    "sed 's/a/b/' ~/.codex/config.toml",
    "ls ~/.claude/plugins ~/.gemini/extensions",
    "cat .cursor/hooks.json ~/.gemini/config/hooks.json",
    "ls .agents/skills",
    "mkdir -p .agents/skills && cp skill.md .agents/skills/",
    'echo \'{"merge-gate":{"protectedBranches":["prod"]}}\' > .hookrail/config.json',
    "mkdir -p .hookrail && cp template.json .hookrail/config.json",
    "echo hi > notes.txt 2>&1 >&2",
    "rm -rf node_modules dist ~/.cache/pip",
    'rm -rf "$TMPDIR/build"',
    "find . -name '*.log' -exec rm {} \\;",
    "cd /tmp && rm -rf plugins",
    "echo '.claude/settings.json' > notes.txt",
    "python3 -c \"print(open('/home/u/.claude/settings.json').read())\"",
    "python3 -c \"import json; json.dump({}, open('out.json', 'w'))\"",
    "claude plugin install merge-gate@hookrail",
    "claude plugin uninstall someone-else@market",
    "gemini extensions list",
    "gemini extensions install https://example.com/ext",
    "codex features list",
    "cat ~/.factory/hooks.json ~/.qwen/settings.json",
    "rm -rf ~/.factory/logs ~/.qwen/tmp",
    "qwen extensions list",
    "cat .clinerules/hooks/PreToolUse ~/.cline/hooks/hookrail/merge-gate/cline.json",
    "echo rule >> .clinerules/style.md",
    "qwen extensions uninstall someone-elses-extension",
    "droid plugin list",
    "droid exec 'fix the tests'",
    "hookrail install merge-gate --cli codex",
    "vim README.md",
    "tar -xzf dist.tgz -C build",
    "tar -czf ~/.codex-backup.tgz -C ~ .codex",
    "unzip -o ext.zip -d vendor",
    "ls .opencode",
    "cp config.json{,.orig}",
    "rm -rf build{,-old} dist{1..3}",
    "cat .kilo/x",
    "rm -rf .opencode-cache .kilo-old .pi-build",
    "rm -rf .opencode/node_modules .kilo/cache .pi/sessions",
    "find . -name .opencode -prune -o -name '*.ts' -print",
    "mkdir -p .opencode/agent && cp agent.md .opencode/agent/",
    "python3 -c \"import math; open('out.txt', 'w').write(str(math.pi))\"",
    // `git config core.hooksPath …` is not a tamper finding, but it needs the marker: see hook-bypass.test.ts.
  ])("%s", (command) => {
    const v = verdict(command);
    expect(v.text).toBe("");
    expect(v.blocked).toBe(false);
  });
});

describe("mayTouchProtected (for a prefilter)", () => {
  it.each([
    ["ls -la", false],
    ["npm test", false],
    ["gh pr view 12 --json state", false],
    ["rm -rf /home/u", true],
    ["rm -rf build", false],
    // A folder above one of the machine's protected paths, down to the first (`/home`, `/opt` of $CODEX_HOME).
    ["du -sh /home", true],
    ["ls /opt", true],
    ["ls /opt/codex/", true],
    ["ls /op", false],
    ["cat /srv/notes.txt", false],
  ])("%s → %s", (command, may) => {
    expect(mayTouchProtected(command, paths)).toBe(may);
  });

  it("says yes for anything when the working folder is in or above a protected one", () => {
    expect(mayTouchProtected("rm -rf build", protectedPaths({ HOME: "/home/u" }, "/home/u/.claude"))).toBe(true);
  });
});

describe("without the machine's paths, the path patterns still apply", () => {
  it.each([
    ["echo x > /home/other/.codex/hooks.json", true],
    ["rm -rf /srv/repo/.claude/settings.local.json", true],
    ["echo x > /opt/codex/hooks.json", false],
  ])("%s → blocked: %s", (command, blocked) => {
    expect(isBlocked(analyzeCommand(command, { protectedBranches: ["main"], currentBranch: "feature" }))).toBe(blocked);
  });
});

describe("the block reason", () => {
  it("says what is protected, that the user makes the change, and how to approve a shell command", () => {
    const decision = decideMergeGate(
      { ...facts, command: "rm -rf ~/.gemini/extensions/merge-gate" },
      { approval: "marker" },
    );
    expect(decision.type === "deny" && decision.reason).toMatchInlineSnapshot(`
      "merge-gate: blocked. \`rm -rf ~/.gemini/extensions/merge-gate\` changes Gemini CLI's extensions (/home/u/.gemini/extensions/merge-gate)
      These files and commands decide whether hookrail's gates run (hook registrations, installed hooks, hookrail's user config and state), so only the user changes them: do not retry or work around this. Ask the user to make this change themselves; only if they approve you doing it, rerun that same command with MERGE_APPROVED=1 in front"
    `);
  });
});
