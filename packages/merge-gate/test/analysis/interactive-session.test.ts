// Which commands start a session that later typed text (Codex's write_stdin) would drive.
import { describe, expect, it } from "vitest";
import { opensInteractiveSession } from "../../src/analysis/interactive-session.ts";

describe("interactive sessions", () => {
  it.each([
    ["bash", true],
    ["bash -i", true],
    ["/bin/zsh -l", true],
    ["sh -s", true],
    ["exec bash", true],
    ["env TERM=xterm bash --norc", true],
    ["sudo -i", true],
    ["python3", true],
    ["python3 -i script.py", true],
    ["node", true],
    ["irb", true],
    ["ssh build-box", true],
    ["tmux", true],
    ["tmux new -s work", true],
    ["docker exec -it app bash", true],
    ["kubectl exec -it pod -- sh", true],
    ["nix-shell", true],
    ["poetry shell", true],
    ["bash -c 'gh pr view 1'", false],
    ["bash deploy.sh", false],
    ["python3 -c print(1)", false],
    ["python3 -m pytest", false],
    ["node script.js", false],
    ["node --version", false],
    ["ssh build-box uptime", false],
    ["tmux ls", false],
    ["nix-shell --run make", false],
    ["echo hi | bash", false],
    ["bash < script.sh", false],
    ["git status", false],
    ["npm test", false],
  ])("%s → %s", (command, interactive) => {
    expect(opensInteractiveSession(command)).toBe(interactive);
  });
});
