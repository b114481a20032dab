// Programs whose output is shell code that only sets up the shell: the `eval "$(ssh-agent -s)"` and
// `source <(kubectl completion bash)` idioms of start-up files. They print assignments, exports, aliases and
// function definitions of their own, never a command of the caller's choosing, so running what they print
// cannot reach a gate's topic. A program is known by its name as run (a script of the same name is no more
// and no less readable than any other script the line runs, which the analysis does not read either).

/** Name → the argument list (joined by spaces) that makes it print set-up code. */
const PRINTERS: Readonly<Record<string, RegExp>> = {
  "ssh-agent": /^(?:-[sck]|-t \d+|-a \S+|\s)*$/,
  keychain: /(?:^|\s)--eval(?:\s|$)/,
  direnv: /^(?:export|hook) \w+$/,
  pyenv: /^(?:init|virtualenv-init)(?: -| --path| \w+)*$/,
  rbenv: /^init(?: -| \w+)*$/,
  nodenv: /^init(?: -| \w+)*$/,
  goenv: /^init(?: -| \w+)*$/,
  jenv: /^init(?: -| \w+)*$/,
  brew: /^shellenv(?: \w+)?$/,
  conda: /^shell\.\w+ hook$/,
  mamba: /^shell hook(?: --shell[ =]\w+)?$|^shell\.\w+ hook$/,
  micromamba: /^shell hook(?: (?:-s|--shell)[ =]?\w+)?$/,
  fnm: /^env(?: --[\w-]+(?:[ =]\w+)?)*$/,
  mise: /^(?:activate|hook-env)(?: \w+| --[\w-]+)*$/,
  starship: /^init \w+(?: --print-full-init)?$/,
  zoxide: /^init \w+(?: --[\w-]+(?:[ =]\w+)?)*$/,
  atuin: /^init \w+(?: --[\w-]+)*$/,
  opam: /^(?:config )?env(?: --[\w-]+(?:=\S+)?)*$/,
  luarocks: /^path(?: --[\w-]+)*$/,
  dircolors: /^(?:-[bcp]|--(?:sh|bourne-shell|csh|c-shell)|\s)*(?: ~?[\w./-]+)?$/,
  minikube: /^(?:docker|podman)-env(?: --[\w-]+(?:[ =]\w+)?)*$/,
  "docker-machine": /^env(?: [\w-]+)*$/,
  thefuck: /^--alias(?: \w+)?$/,
  kubectl: /^completion \w+$/,
  helm: /^completion \w+$/,
  gh: /^completion(?: -s \w+| --shell[ =]\w+)?$/,
  npm: /^completion$/,
  pnpm: /^completion \w+$/,
  pip: /^completion --\w+$/,
  pip3: /^completion --\w+$/,
  rustup: /^completions \w+(?: \w+)?$/,
  poetry: /^completions \w+$/,
  deno: /^completions \w+$/,
  docker: /^completion \w+$/,
};

// `$(name args…)` or `` `name args…` ``, optionally in double quotes, with plain words only.
const SUBSTITUTION = /^"?(?:\$\(\s*([^()`$;&|<>'"\\]+?)\s*\)|`\s*([^()`$;&|<>'"\\]+?)\s*`)"?$/;

/** Does this command (its text as written) only print shell set-up code? */
export function printsOnlySetup(command: string): boolean {
  const [program = "", ...args] = command.trim().split(/\s+/);
  const name = program.replace(/^.*\//, "");
  return Object.hasOwn(PRINTERS, name) && (PRINTERS[name] as RegExp).test(args.join(" "));
}

/** `"$(ssh-agent -s)"`: text that is one command substitution of such a program, and nothing else. */
export function isSetupOutput(text: string): boolean {
  const match = SUBSTITUTION.exec(text.trim());
  const inner = match?.[1] ?? match?.[2];
  return inner !== undefined && printsOnlySetup(inner);
}
