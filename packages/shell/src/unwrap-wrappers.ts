// Commands that run another command given as their arguments: env, sudo, timeout, xargs…
// Approval: env sets the environment of the command it runs, so `env NAME=1 cmd` approves cmd; sudo, doas and
// `exec -c` start from a clean environment, so a marker in front of them approves nothing (`sudo NAME=1 cmd`
// does, as sudo sets it for the command).
import { approvalAfter, assignmentWord } from "./approval.ts";
import { type Invocation, withArgs } from "./context.ts";
import { hasOption, type OptionSpec, optionValue, type Scan, scanOptions } from "./scan-options.ts";
import { type Arg, commandName, joinArgs, literalArg, maySplit, own } from "./shell-words.ts";
import { xargsBatches } from "./xargs-input.ts";

interface Wrapper {
  spec: OptionSpec;
  /** Whether an approval on the wrapper reaches the inner command. */
  keepsApproval: boolean;
  /** Takes `NAME=value` words before the command (env, sudo). */
  assignments?: boolean;
  /** Operands before the command (timeout's duration). */
  operands?: number;
  /** Options that mean no command runs (`command -v`, `sudo -l`). */
  noCommand?: readonly string[];
  /** Options that clear the environment (`env -i`). */
  clears?: readonly string[];
  /** The command gets more arguments at run time (xargs). */
  open?: boolean;
  /** Words of the wrapper's own that may stand before the command (`rtk proxy git …`), any number of times. */
  subcommands?: readonly string[];
}

const keep = { keepsApproval: true } as const;

const WRAPPERS: Record<string, Wrapper> = {
  env: {
    ...keep,
    spec: { short: "uCSP", long: ["--unset", "--chdir", "--split-string"] },
    assignments: true,
    clears: ["-i", "--ignore-environment"],
  },
  sudo: {
    keepsApproval: false,
    spec: {
      short: "uUgChpDrtTR",
      long: ["--user", "--other-user", "--group", "--close-from", "--chdir", "--host", "--prompt", "--role", "--type"],
    },
    assignments: true,
    noCommand: ["-e", "--edit", "-l", "--list", "-v", "--validate", "-V", "--version"],
  },
  doas: { keepsApproval: false, spec: { short: "uC" } },
  command: { ...keep, spec: {}, noCommand: ["-v", "-V"] },
  builtin: { ...keep, spec: {} },
  exec: { ...keep, spec: { short: "a" }, clears: ["-c"] },
  nohup: { ...keep, spec: {} },
  time: { ...keep, spec: { short: "fo", long: ["--format", "--output"] } },
  nice: { ...keep, spec: { short: "n", long: ["--adjustment"] } },
  timeout: { ...keep, spec: { short: "sk", long: ["--signal", "--kill-after"] }, operands: 1 },
  stdbuf: { ...keep, spec: { short: "ioe", long: ["--input", "--output", "--error"] } },
  ionice: {
    ...keep,
    spec: { short: "cnpPu", long: ["--class", "--classdata", "--pid", "--pgid", "--uid"] },
    noCommand: ["-p", "-P", "-u", "--pid", "--pgid", "--uid"],
  },
  setsid: { ...keep, spec: {} },
  chronic: { ...keep, spec: {} },
  busybox: { ...keep, spec: {} },
  caffeinate: { ...keep, spec: { short: "tw" } },
  // rtk, the token-saving output filter agents' hooks put in front of commands: `rtk [flags] [proxy] <command>`
  // runs the command (its own filters and `proxy` alike); `rtk test|err|summary <command>` runs it too.
  rtk: {
    ...keep,
    spec: {},
    noCommand: ["-h", "--help", "-V", "--version"],
    subcommands: ["proxy", "test", "err", "summary"],
  },
  // tsb, autorun's task sandbox: `tsb [options] <command>`. Whether it passes the environment on is not known.
  tsb: {
    keepsApproval: false,
    spec: {
      short: "spe",
      long: "--sandbox --profile --env --mount --add-read-path --add-write-path --allow-file".split(" "),
    },
    noCommand: ["-h", "--help", "-V", "--version"],
  },
  chroot: { ...keep, spec: { long: ["--groups", "--userspec"] }, operands: 1 },
  // A clean environment, like sudo.
  pkexec: { keepsApproval: false, spec: { long: ["--user"] }, noCommand: ["--version", "--help"] },
  gosu: { ...keep, spec: {}, operands: 1 },
  "su-exec": { ...keep, spec: {}, operands: 1 },
  faketime: { ...keep, spec: {}, operands: 1 },
  eatmydata: { ...keep, spec: {} },
  nocache: { ...keep, spec: {} },
  catchsegv: { ...keep, spec: {} },
  fakeroot: { ...keep, spec: { short: "lsi", long: ["--lib", "--faked"] } },
  "sandbox-exec": { ...keep, spec: { short: "fnpD" } },
  // uv's tool runner: `uvx [--from pkg] [--with pkg] <command> args` (also `uv tool run`, a loose wrapper's words).
  uvx: {
    ...keep,
    spec: {
      short: "wp",
      long: "--from --with --with-editable --with-requirements --python --index --index-url --extra-index-url --constraints --overrides --cache-dir --directory --project --config-file --color --python-preference --exclude-newer --resolution --prerelease".split(
        " ",
      ),
    },
    noCommand: ["-h", "--help", "-V", "--version"],
  },
  // `pipx run [--spec pkg] <app> args`: runs a package's program (pipx's other commands install or list them).
  pipx: {
    ...keep,
    spec: { long: ["--spec", "--python", "--pip-args", "--index-url", "--backend"] },
    noCommand: ["-h", "--help", "--version"],
    subcommands: ["run"],
  },
  xargs: {
    ...keep,
    spec: {
      short: "adEILnPs",
      long: "--arg-file --delimiter --eof --replace --max-lines --max-args --max-procs --max-chars".split(" "),
    },
    open: true,
  },
};

/** Wrappers as a config lists them (`"tsb run"`, `"./bin/sandbox"`): each one's words, its name as commands are named. */
export function wrappersFrom(list: readonly string[]): string[][] {
  return list.flatMap((entry) => {
    const [first, ...more] = entry.trim().split(/\s+/);
    const name = commandName(first === undefined ? undefined : literalArg(first));
    return name ? [[name, ...more]] : [];
  });
}

/**
 * For a prefilter that reads plain words: the words a wrapper runs as its command when nothing but its own
 * subcommand words stand between (`rtk proxy git log` → `git log`); undefined for anything else (options,
 * assignments, operands, xargs), which only the full analysis reads. The analysis (`unwrap`) arrives at the same
 * command for these words.
 */
export function plainWrapped(name: string, words: readonly string[]): readonly string[] | undefined {
  const w = own(WRAPPERS, name);
  if (!w || w.assignments || w.operands || w.open) return undefined;
  let i = 1;
  while (w.subcommands?.includes(words[i] ?? "")) i++;
  const first = words[i];
  return first && !first.startsWith("-") && !first.includes("=") ? words.slice(i) : undefined;
}

/**
 * What a wrapper runs: a command (xargs fed known lines: one per line), a string it splits itself (`env -S`), or
 * nothing. `shifted`: a word before the command (`timeout $T`, `sudo -u $U`) may split into more words, so the
 * command may be another one, further on.
 */
export type Unwrapped = { inv: Invocation; more?: Invocation[]; shifted?: boolean } | { code: Arg } | null;

export function isWrapper(name: string): boolean {
  return own(WRAPPERS, name) !== undefined;
}

/** undefined when `name` is not a wrapper. */
export function unwrap(name: string, inv: Invocation, marker: string): Unwrapped | undefined {
  const w = own(WRAPPERS, name);
  if (!w) return undefined;
  const scan = scanOptions(inv.args, 1, w.spec);
  if (w.noCommand && hasOption(scan, ...w.noCommand)) return null;
  let approved = w.keepsApproval && inv.approved && !(w.clears && hasOption(scan, ...w.clears));
  for (const o of scan.options) {
    if ((o.name === "-u" || o.name === "--unset") && name === "env")
      approved = approvalAfter(approved, o.value?.value ?? "", false, marker);
  }
  let i = scan.rest;
  if (w.subcommands?.includes(inv.args[i]?.value ?? "")) {
    while (w.subcommands.includes(inv.args[i]?.value ?? "")) i++;
    // `rtk proxy -- git …`: the options after the subcommand end there too.
    i = scanOptions(inv.args, i, w.spec).rest;
  }
  if (name === "env" && inv.args[i]?.value === "-") {
    approved = false;
    i++;
  }
  const env = new Map(inv.env);
  for (let a = assignmentWord(inv.args[i], marker); w.assignments && a; a = assignmentWord(inv.args[++i], marker)) {
    approved = approvalAfter(approved, a.name, a.approves, marker);
    env.set(a.name, inv.args[i]?.value?.slice(a.name.length + 1) ?? null);
  }
  const split = name === "env" ? optionValue(scan, "-S", "--split-string") : undefined;
  if (split) return { code: joinArgs([split, ...inv.args.slice(i)]) };
  i += w.operands ?? 0;
  if (i >= inv.args.length) return null;
  const shifted = inv.args.slice(1, i).some(maySplit);
  let args = inv.args.slice(i);
  if (name === "xargs") {
    const known = xargsWith(inv, args, scan, approved);
    if (known) return shifted ? { ...known, shifted } : known;
    args = markReplaced(args, scan);
  }
  const open = inv.open || w.open === true;
  // `env -C dir`, `sudo -D dir`: the command runs in that folder.
  const dir =
    name === "env"
      ? optionValue(scan, "-C", "--chdir")
      : name === "sudo"
        ? optionValue(scan, "-D", "--chdir")
        : undefined;
  const chdir = dir ? [...(inv.chdir ?? []), dir.value] : inv.chdir;
  const changes = { approved, open, env, stdin: w.open ? ({ kind: "none" } as const) : inv.stdin };
  return { inv: withArgs(inv, args, chdir ? { ...changes, chdir } : changes), ...(shifted ? { shifted } : {}) };
}

/**
 * xargs fed text the source shows: its command with those words appended (one command line per `-n`/`-L`
 * batch), or each line in the placeholder.
 */
function xargsWith(inv: Invocation, args: Arg[], scan: Scan, approved: boolean): Unwrapped | undefined {
  const placeholder = replaceString(scan);
  const batches = inv.open ? undefined : xargsBatches(inv.stdin, scan, placeholder !== undefined);
  if (!batches) return undefined;
  const changes = { approved, open: false, stdin: { kind: "none" } as const };
  const [first, ...others] = batches.map((batch) =>
    placeholder === undefined
      ? withArgs(inv, [...args, ...batch.map(literalArg)], changes)
      : withArgs(
          inv,
          args.map((a) =>
            a.value?.includes(placeholder) ? literalArg(a.value.split(placeholder).join(batch.join(" "))) : a,
          ),
          changes,
        ),
  );
  return first ? { inv: first, more: others } : null;
}

function replaceString(scan: Scan): string | undefined {
  return optionValue(scan, "-I", "--replace")?.value ?? (hasOption(scan, "-i") ? "{}" : undefined);
}

/** `xargs -I{} gh pr {} 1`: words holding the placeholder are filled in at run time. */
function markReplaced(args: Arg[], scan: Scan): Arg[] {
  const placeholder = replaceString(scan);
  if (!placeholder) return args;
  // A word that is only the placeholder (`sh -c {}`) is all run-time text.
  return args.map((a) => (a.text.includes(placeholder) ? { ...a, value: null, opaque: a.text === placeholder } : a));
}
