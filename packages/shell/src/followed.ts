// Which command names the shell analysis follows (shells, wrappers, runners, interpreters), by name alone. Apart from
// the analysis so that a prefilter can ask without setting up the runners' analysers, the parser or the PowerShell
// reader (`@hookrail/shell/names`). The runners' and interpreters' tables are typed by these lists, so a name in one
// and not the other fails the type check.
import { SHELLS } from "./shell-names.ts";
import { isWrapper } from "./unwrap-wrappers.ts";

/** The runners (command-runners.ts): commands that run a command or code given to them in their own way. */
export const RUNNER_NAMES = [
  "find",
  "parallel",
  "watch",
  "ssh",
  "su",
  "runuser",
  "script",
  "hyperfine",
  "entr",
  "sg",
  "flock",
  "npx",
  "npm",
  "pnpm",
  "pnpx",
  "yarn",
  "yarnpkg",
  "bunx",
  "corepack",
  "nix",
  "nix-shell",
  "docker",
  "podman",
  "nerdctl",
  "kubectl",
  "oc",
  "lxc",
  "incus",
  "multipass",
  "vagrant",
  "gcloud",
  "limactl",
  "lima",
  "devcontainer",
  "pwsh",
  "powershell",
  "cmd",
  "wsl",
  "tmux",
  "screen",
  "at",
  "batch",
  "trap",
] as const;
export type RunnerName = (typeof RUNNER_NAMES)[number];

/** The interpreters (interpreters.ts) by name; python and pypy by PYTHON_NAME, with any version. */
export const INTERPRETER_NAMES = [
  "node",
  "nodejs",
  "bun",
  "tsx",
  "ts-node",
  "ruby",
  "perl",
  "lua",
  "rscript",
  "osascript",
  "php",
  "awk",
  "gawk",
  "mawk",
  "nawk",
] as const;
export type InterpreterName = (typeof INTERPRETER_NAMES)[number];
export const PYTHON_NAME = /^(python|pypy)[0-9.]*$/;

// Wrappers whose options are not modelled: they run the words after `--`, or else the first word naming a known command.
// Sandboxes, secret and environment managers, tool version managers and process tools alike: each runs a
// command of the line unchanged.
export const LOOSE_WRAPPERS: ReadonlySet<string> = new Set(
  "op dotenv doppler aws-vault direnv mise asdf uv poetry pipenv bundle"
    .concat(" torsocks proxychains proxychains4 strace ltrace firejail unbuffer chrt taskset")
    .concat(" bwrap unshare nsenter systemd-run run0 setpriv proot valgrind tini dumb-init cpulimit prlimit trickle")
    .concat(" numactl retry watchexec dotenvx infisical chamber envchain teller summon saml2aws")
    .concat(" nvm fnm volta rbenv pyenv nodenv goenv rustup pixi conda mamba micromamba hatch pdm rye devbox flox")
    // Containers and sandboxes that run a command of the host's line: Flatpak's, Toolbx, Distrobox, s6-overlay's.
    .concat(" flatpak-spawn toolbox distrobox distrobox-enter with-contenv")
    // Session, user and resource wrappers, and debuggers and profilers that run the program they are given.
    .concat(" dbus-run-session xvfb-run chpst s6-setuidgid cgexec lockf sem ip gdb rr perf")
    .split(" "),
);

const RUNNERS: ReadonlySet<string> = new Set(RUNNER_NAMES);
// The shell's own commands that run code: eval, source and `.`, alias (a later line's command), and deno's runner.
const SHELL_RUNS: ReadonlySet<string> = new Set(["eval", "source", ".", "alias", "deno"]);
const INTERPRETERS: ReadonlySet<string> = new Set(INTERPRETER_NAMES);

export const isRunnerName = (name: string): name is RunnerName => RUNNERS.has(name);
export const isInterpreterName = (name: string): boolean => PYTHON_NAME.test(name) || INTERPRETERS.has(name);

/** Does the analysis itself follow commands of this name (shells, wrappers, runners, interpreters)? */
export function followsCommand(name: string): boolean {
  return (
    SHELLS.has(name) ||
    isInterpreterName(name) ||
    SHELL_RUNS.has(name) ||
    LOOSE_WRAPPERS.has(name) ||
    isWrapper(name) ||
    RUNNERS.has(name)
  );
}
