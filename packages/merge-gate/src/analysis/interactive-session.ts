// Does a command start a session that reads commands typed into it later (an interactive shell, a REPL, a remote
// login, a terminal multiplexer)? Codex can type into such a session with write_stdin and asks no hook about what
// it types (measured in Codex 0.169: `bash` with a tty, then `gh pr merge 12` typed in, merged). Plain words only:
// a line with any operator, redirection or quoting is not a bare session start.

const SHELLS = /^(?:ba|z|k|mk|da|a|fi|tc|c|y|po|rba)?sh$/;
const REPLS =
  /^(?:python[0-9.]*|pypy[0-9.]*|ipython[0-9]*|node(?:js)?|bun|deno|irb|pry|ruby|lua[0-9.]*|php|julia|ghci|r|perl|jshell|sqlite3|psql|mysql|redis-cli|mongosh)$/;
// Options that make the program run something given to it, not a session (`-c code`, `-e code`, `-m module`…).
const RUNS = /^-(?:[a-z]*c|[a-z]*e|m|-command|-eval|-print|-execute|p)$|^--?(?:version|help)$/i;

/** true when `command` is one simple command that starts a session reading what is typed into it. */
export function opensInteractiveSession(command: string): boolean {
  const text = command.trim();
  if (text === "" || /[|&;<>()`$'"\\\n{}]/.test(text)) return false;
  let words = text.split(/\s+/);
  // Wrappers that keep the terminal: `exec`, `env A=1`, `command`, `nohup`, `time`, `sudo` (whose -i/-s is a login shell).
  for (;;) {
    const first = words[0] ?? "";
    if (/^[A-Za-z_]\w*=/.test(first) || ["exec", "command", "env", "nohup", "time"].includes(first))
      words = words.slice(1);
    else if (first === "sudo") {
      if (words.slice(1).some((w) => /^-[a-zA-Z]*[is]/.test(w))) return true;
      words = words.slice(1).filter((w, i, all) => !(w.startsWith("-") || all[i - 1] === "-u"));
    } else break;
  }
  const name = (words[0] ?? "").replace(/^.*\//, "").toLowerCase();
  const args = words.slice(1);
  const operands = args.filter((a) => !a.startsWith("-") && !a.startsWith("+"));
  if (SHELLS.test(name) || REPLS.test(name)) {
    // `python -i script.py` stays interactive after the script; `bash -s` reads its commands from the terminal.
    if (args.some((a) => /^-[a-zA-Z]*[is]$/.test(a) && !RUNS.test(a))) return !args.some((a) => RUNS.test(a));
    return operands.length === 0 && !args.some((a) => RUNS.test(a));
  }
  if (name === "ssh") return operands.length <= 1;
  if (name === "tmux" || name === "screen" || name === "zellij") {
    return operands.length === 0 || /^(?:new|new-session|attach|attach-session|a|-r)$/.test(operands[0] ?? "");
  }
  if (name === "script" || name === "su" || name === "login") return !args.some((a) => a === "-c" || a === "--command");
  if (name === "nix-shell") return !args.some((a) => a === "--run" || a === "--command");
  if (name === "poetry" || name === "pipenv") return operands[0] === "shell";
  if (name === "docker" || name === "podman" || name === "kubectl") {
    // `docker exec -it box bash`, `docker run -it img`, `kubectl exec -it pod -- sh`.
    const interactive = args.some((a) => /^-[a-zA-Z]*i/.test(a) || a === "--interactive" || a === "--stdin");
    const last = (operands.at(-1) ?? "").replace(/^.*\//, "");
    return (
      interactive &&
      ["exec", "run", "attach"].includes(operands[0] ?? "") &&
      (SHELLS.test(last) || REPLS.test(last) || operands.length <= 2)
    );
  }
  return false;
}
