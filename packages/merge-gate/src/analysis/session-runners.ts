// Commands that put the terminal in front of another program: containers with stdin attached (`docker compose exec
// api sh`, `kubectl exec -it pod -- rails c`), remote logins, privilege and environment switches (`sudo -i`,
// `nix develop`), terminal multiplexers, framework consoles (`rails console`, `manage.py shell`) and the runners
// that start a program of the project (`bundle exec`, `npx`, `uv run`). A session when what ends up reading the
// terminal is one (`inner`); `docker compose exec api npm test` is not.
import { type Arg, hasOption, literalArg, scanInterspersed, scanOptions } from "@hookrail/shell/words";
import type { SessionRule } from "./session-rule.ts";

const value = (a: Arg | undefined) => a?.value ?? null;
const isOption = (a: Arg) => a.value?.startsWith("-") === true;

/** The words after `--`, if there is one. */
function afterDashes(args: readonly Arg[]): readonly Arg[] | undefined {
  const i = args.findIndex((a) => a.value === "--");
  return i < 0 ? undefined : args.slice(i + 1);
}

/** `-it`, `-i`, `--interactive`, `--stdin` (and `=true`): stdin attached. */
function attached(args: readonly Arg[], short = "i"): boolean {
  return args.some((a) => {
    const v = a.value ?? "";
    if (/^--(?:interactive|stdin)(?:=true)?$/.test(v)) return true;
    return /^-[a-zA-Z]+$/.test(v) && v.includes(short) && /^-[itdPaq]+$/.test(v);
  });
}
const detached = (args: readonly Arg[]) =>
  args.some((a) => /^--detach(?:=true)?$|^--no-stdin$/.test(a.value ?? "") || /^-[itP]*d[itP]*$/.test(a.value ?? ""));

// docker/podman/nerdctl run and exec: options that take a value (the common ones; `--name=x` needs none).
const CONTAINER_SPEC = {
  short: "aeuwvplmch",
  long: ["--env", "--user", "--workdir", "--volume", "--publish", "--label", "--name", "--network", "--entrypoint"]
    .concat([
      "--env-file",
      "--mount",
      "--platform",
      "--hostname",
      "--memory",
      "--cpus",
      "--pull",
      "--restart",
      "--add-host",
    ])
    .concat([
      "--detach-keys",
      "--index",
      "--cidfile",
      "--device",
      "--gpus",
      "--ulimit",
      "--tmpfs",
      "--dns",
      "--expose",
    ]),
};

/** `docker exec -it c bash`, `docker run -it img` (its default command: often a shell), `docker attach c`. */
const container: SessionRule = (args, inner) => {
  const s = scanOptions(args, 0, { short: "cH", long: ["--context", "--host", "--config", "--log-level"] });
  const verb = value(args[s.rest]);
  if (verb === "compose") return compose(args.slice(s.rest + 1), inner);
  if (verb === "container") return container(args.slice(s.rest + 1), inner);
  const rest = args.slice(s.rest + 1);
  if (verb === "attach") return !detached(rest);
  if (verb === "start") return attached(rest) && !detached(rest);
  if (verb !== "exec" && verb !== "run") return false;
  // Options end at the container (or image): what follows is its command.
  const scan = scanOptions(rest, 0, CONTAINER_SPEC);
  const options = rest.slice(0, scan.rest);
  if (!attached(options) || detached(options) || scan.rest >= rest.length) return false;
  const command = rest.slice(scan.rest + 1);
  if (command.length === 0) return verb === "run" || hasOption(scan, "--entrypoint");
  return inner(command.length === 1 ? splitPlain(command[0] as Arg) : command);
};

/** `docker compose exec api sh`, `docker-compose run web rails c`: stdin is attached unless detached. */
const compose: SessionRule = (args, inner) => {
  const s = scanOptions(args, 0, { short: "fp", long: ["--file", "--project-name", "--profile", "--env-file"] });
  const verb = value(args[s.rest]);
  if (verb !== "exec" && verb !== "run") return false;
  const rest = args.slice(s.rest + 1);
  const scan = scanOptions(rest, 0, CONTAINER_SPEC);
  const options = rest.slice(0, scan.rest);
  if (detached(options) || options.some((a) => /^(?:-i|--interactive)=false$/.test(a.value ?? ""))) return false;
  const command = rest.slice(scan.rest + 1);
  // A service's own command (no command given) is its app, not a prompt.
  return command.length > 0 && inner(command.length === 1 ? splitPlain(command[0] as Arg) : command);
};

const KUBE_VERBS = new Set(["exec", "run", "attach", "debug", "rsh"]);

/** `kubectl exec -it pod -- sh`, `kubectl run -it --image=x t -- bash`, `kubectl attach -it pod`, `oc rsh pod`. */
const kubectl: SessionRule = (args, inner) => {
  const dashes = args.findIndex((a) => a.value === "--");
  const before = dashes < 0 ? args : args.slice(0, dashes);
  const command = dashes < 0 ? [] : args.slice(dashes + 1);
  const verb = value(before.find((a) => KUBE_VERBS.has(a.value ?? "")));
  if (verb === "rsh") return command.length === 0 || inner(command);
  if (verb === null || !attached(before)) return false;
  if (command.length > 0) return inner(command);
  if (verb === "exec") {
    // The old form without `--`: `kubectl exec -it pod sh`.
    const operands = scanInterspersed(before, { short: "cn", long: ["--container", "--namespace"] }).operands;
    return operands.length <= 2 || inner(operands.slice(2));
  }
  return true;
};

/** `ssh host` (a login), `ssh host psql db` (what it runs reads the terminal); `-N`, `-O`, `-V` open none. */
const ssh: SessionRule = (args, inner) => {
  const s = scanOptions(args, 0, { short: "bcDEeFIiJLlmOoPpQRSWwB" });
  if (hasOption(s, "-N", "-O", "-V", "-G", "-Q", "-n", "-f")) return false;
  const command = args.slice(s.rest + 1);
  if (s.rest >= args.length) return false;
  // `ssh -T git@github.com`: a git host's account has no shell (it prints a greeting and leaves).
  if (command.length === 0 && /^git@/.test(args[s.rest]?.value ?? "")) return false;
  return command.length === 0 || inner(command.length === 1 ? splitPlain(command[0] as Arg) : command);
};

/** `sudo -i`, `sudo -s`, `sudo -u app bash`; sudo alone prints its usage. */
const sudo: SessionRule = (args, inner) => {
  const s = scanOptions(args, 0, { short: "uUgChpDrtTR", long: ["--user", "--group", "--chdir", "--prompt"] });
  if (hasOption(s, "-i", "-s", "--login", "--shell")) return true;
  if (hasOption(s, "-l", "-v", "-k", "-K", "-V", "-h", "-e", "--list", "--validate", "--version", "--edit")) {
    return false;
  }
  return s.rest < args.length && inner(args.slice(s.rest));
};

/** A program started with the words after its options: a shell of its own when none are given (`chroot dir`). */
const commandAfter =
  (spec: { short?: string; long?: string[] }, skip = 0, shellWhenNone = true): SessionRule =>
  (args, inner) => {
    const s = scanOptions(args, 0, spec);
    const command = args.slice(s.rest + skip);
    if (s.rest + skip > args.length) return false;
    return command.length === 0 ? shellWhenNone : inner(command);
  };

/** A subcommand that opens a shell unless it is given a command (`nix develop`, `nix-shell --run make`). */
const shellUnless =
  (verbs: readonly string[] | undefined, runs: readonly string[]): SessionRule =>
  (args, inner) => {
    const verb = args.find((a) => !isOption(a));
    if (verbs && !verbs.includes(value(verb) ?? "")) return false;
    if (args.some((a) => runs.some((r) => a.value === r || a.value?.startsWith(`${r}=`)))) return false;
    const command = afterDashes(args);
    return command && command.length > 0 ? inner(command) : true;
  };

/** tmux: no command, `new`, `attach` (`tmux new -d` starts one detached, `-c cmd` runs one); screen likewise. */
const tmux: SessionRule = (args) => {
  const s = scanOptions(args, 0, { short: "LSfcT" });
  if (hasOption(s, "-c", "-V")) return false;
  const verb = value(args[s.rest]);
  if (s.rest >= args.length) return true;
  const rest = args.slice(s.rest + 1);
  return (
    /^(?:new|new-session|attach|attach-session|a|at|attac)$/.test(verb ?? "") && !rest.some((a) => a.value === "-d")
  );
};
const screen: SessionRule = (args) => {
  const words = args.map((a) => a.value ?? "");
  if (words.some((w) => /^-(?:ls|list|X|Q|v|version|help|wipe)$/.test(w))) return false;
  const flags = words.filter((w) => /^-[a-zA-Z]+$/.test(w)).join("");
  // -r/-R/-x resume one; -d with -m starts one detached.
  return /[rRx]/.test(flags) || !(/[dD]/.test(flags) && /m/.test(flags));
};

/** rails console|c|dbconsole|db (also bin/rails, bundle exec rails); `rails runner` runs code. */
const rails: SessionRule = (args) => ["console", "c", "dbconsole", "db"].includes(value(args[0]) ?? "");
/** django-admin and manage.py: shell, dbshell, shell_plus, unless given a command (`shell -c '…'`). */
const django: SessionRule = (args) =>
  ["shell", "dbshell", "shell_plus", "shell-plus", "debugsqlshell"].includes(value(args[0]) ?? "") &&
  !args.some((a) => a.value === "-c" || a.value?.startsWith("--command") === true);

/** Runners of a project's programs: the program after the runner's words is what reads the terminal. */
const runner =
  (verbs: readonly string[] | undefined, spec: { short?: string; long?: string[] } = {}): SessionRule =>
  (args, inner) => {
    let words = args;
    if (verbs) {
      const s = scanOptions(words, 0, spec);
      if (!verbs.includes(value(words[s.rest]) ?? "")) return false;
      words = words.slice(s.rest + 1);
    }
    const s = scanOptions(words, 0, spec);
    const rest = words.slice(s.rest);
    return rest.length > 0 && inner(rest[0]?.value === "--" ? rest.slice(1) : rest);
  };

/** `fly ssh console` (unless -C gives a command), `fly postgres connect`. */
const flyConsole: SessionRule = (args) =>
  (value(args[0]) === "ssh" &&
    value(args[1]) === "console" &&
    !args.some((a) => /^(?:-C|--command)(?:=|$)/.test(a.value ?? ""))) ||
  (["postgres", "pg", "mpg"].includes(value(args[0]) ?? "") && value(args[1]) === "connect");

/** Lima's shell: after its options (and `operands` instance names), none (a login) or a command run there. */
function limaShell(args: readonly Arg[], operands: number, inner: (command: readonly Arg[]) => boolean): boolean {
  const s = scanOptions(args, 0, { long: ["--workdir", "--shell", "--tty", "--log-level"] });
  const command = args.slice(s.rest + operands);
  return command.length === 0 || inner(command);
}

/** A single plain word holding a command line (`ssh host 'psql db'`, `docker exec -it c 'bash -l'`). */
function splitPlain(word: Arg): readonly Arg[] {
  const v = word.value;
  if (v === null || !/\s/.test(v) || /[|&;<>()$`'"\\]/.test(v)) return [word];
  return v.trim().split(/\s+/).map(literalArg);
}

let runnersTable: Readonly<Record<string, SessionRule>> | undefined;

/** The rules by runner name, built on first use: only the CLIs that type into sessions ask (interactive-session.ts). */
export const runners = (): Readonly<Record<string, SessionRule>> =>
  (runnersTable ??= {
    docker: container,
    podman: container,
    nerdctl: container,
    "docker-compose": compose,
    "podman-compose": compose,
    kubectl,
    oc: kubectl,
    ssh,
    mosh: (args, inner) => shellUnless(undefined, [])(args, inner),
    telnet: () => true,
    sftp: (args) => !args.some((a) => /^-b/.test(a.value ?? "")),
    ftp: () => true,
    lftp: (args) => !args.some((a) => a.value === "-c" || a.value === "-f"),
    sudo,
    doas: (args, inner) =>
      args.some((a) => a.value === "-s") ? true : commandAfter({ short: "uC" }, 0, false)(args, inner),
    su: (args) => !args.some((a) => /^(?:-c|--command)(?:=|$)|^-[a-z]*c$/.test(a.value ?? "")),
    runuser: (args, inner) =>
      args.some((a) => a.value === "-u" || a.value === "--user")
        ? inner(afterDashes(args) ?? [])
        : !args.some((a) => /^(?:-c|--command)(?:=|$)/.test(a.value ?? "")),
    login: () => true,
    newgrp: () => true,
    pkexec: commandAfter({ long: ["--user"] }),
    run0: commandAfter({ long: ["--user", "--chdir", "--setenv", "--property"] }),
    machinectl: (args) => value(args.find((a) => !isOption(a))) === "shell",
    chroot: commandAfter({ long: ["--userspec", "--groups"] }, 1),
    unshare: commandAfter({ short: "S", long: ["--setuid", "--setgid", "--wd", "--root"] }),
    nsenter: commandAfter({ short: "tSGw", long: ["--target", "--setuid", "--setgid", "--wd"] }),
    script: (args) => !args.some((a) => /^(?:-c|--command)(?:=|$)|^-[a-zA-Z]*c$/.test(a.value ?? "")),
    "systemd-run": (args) => args.some((a) => a.value === "--shell" || a.value === "-S"),
    gosu: commandAfter({}, 1, false),
    "su-exec": commandAfter({}, 1, false),
    tmux,
    screen,
    zellij: (args) => ["attach", "a", undefined].includes(value(args.find((a) => !isOption(a))) ?? undefined),
    byobu: (args) => args.length === 0,
    abduco: (args) => args.some((a) => /^-[acA]$/.test(a.value ?? "")),
    dtach: (args) => args.some((a) => /^-[acAN]$/.test(a.value ?? "")),
    "nix-shell": shellUnless(undefined, ["--run", "--command"]),
    nix: (args, inner) =>
      value(args.find((a) => !isOption(a))) === "repl" ||
      shellUnless(["develop", "shell"], ["-c", "--command"])(args, inner),
    devbox: shellUnless(["shell"], ["-c", "--command"]),
    poetry: (args, inner) => value(args[0]) === "shell" || runner(["run"])(args, inner),
    pipenv: (args, inner) => value(args[0]) === "shell" || runner(["run"])(args, inner),
    hatch: (args, inner) => value(args[0]) === "shell" || runner(["run"])(args, inner),
    pdm: runner(["run"]),
    uv: runner(["run"], {
      long: ["--with", "--python", "--project", "--directory", "--env-file", "--group", "--extra"],
    }),
    uvx: runner(undefined, { long: ["--from", "--with", "--python"] }),
    rye: runner(["run"]),
    conda: runner(["run"], { short: "np", long: ["--name", "--prefix"] }),
    mamba: runner(["run"], { short: "np", long: ["--name", "--prefix"] }),
    bundle: (args, inner) => value(args[0]) === "console" || runner(["exec"])(args, inner),
    npx: runner(undefined, { short: "pc", long: ["--package", "--call"] }),
    pnpx: runner(undefined, { long: ["--package"] }),
    bunx: runner(undefined),
    npm: runner(["exec", "x"], { long: ["--package", "--workspace"] }),
    pnpm: runner(["exec", "dlx"], { long: ["--filter"] }),
    yarn: (args, inner) => runner(["exec", "dlx"])(args, inner) || (value(args[0]) === "node" && inner(args)),
    toolbox: shellUnless(["enter"], []),
    distrobox: shellUnless(["enter"], []),
    flox: shellUnless(["activate"], ["-c", "--command"]),
    vagrant: (args) => value(args[0]) === "ssh" && !args.some((a) => /^(?:-c|--command)(?:=|$)/.test(a.value ?? "")),
    multipass: (args, inner) =>
      value(args[0]) === "shell" || (value(args[0]) === "exec" && inner(afterDashes(args) ?? [])),
    // `limactl shell vm` and `lima` (the default instance's shell): a login, or what the words after them run.
    limactl: (args, inner) => value(args[0]) === "shell" && limaShell(args.slice(1), 1, inner),
    lima: (args, inner) => limaShell(args, 0, inner),
    lxc: (args, inner) => value(args[0]) === "shell" || (value(args[0]) === "exec" && inner(afterDashes(args) ?? [])),
    incus: (args, inner) => value(args[0]) === "shell" || (value(args[0]) === "exec" && inner(afterDashes(args) ?? [])),
    // `heroku pg:psql`, `heroku run bash`.
    heroku: (args, inner) =>
      value(args[0]) === "pg:psql" ||
      (value(args[0]) === "run" &&
        runner(undefined, { short: "aers", long: ["--app", "--env", "--size", "--remote"] })(args.slice(1), inner)),
    fly: flyConsole,
    flyctl: flyConsole,
    // `gcloud compute ssh vm`, `gcloud sql connect db` (psql or mysql on the terminal).
    gcloud: (args) =>
      (args.some((a) => a.value === "ssh") && !args.some((a) => /^--command(?:=|$)/.test(a.value ?? ""))) ||
      (args.some((a) => a.value === "sql") && args.some((a) => a.value === "connect")),
    // Hosted databases' shells: `pscale shell db main`, `turso db shell db`.
    pscale: (args) => value(args[0]) === "shell",
    turso: (args) => value(args[0]) === "db" && value(args[1]) === "shell" && args.length <= 3,
    aws: (args) => value(args[0]) === "ssm" && value(args[1]) === "start-session",
    gh: (args) =>
      ["codespace", "cs"].includes(value(args[0]) ?? "") && value(args[1]) === "ssh" && !afterDashes(args)?.length,
    rails,
    django,
    "django-admin": django,
    "manage.py": django,
    flask: (args) => value(args[0]) === "shell",
  });
