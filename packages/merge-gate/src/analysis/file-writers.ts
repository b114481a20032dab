// Commands that change files named in their arguments: which words are the files they write, remove or move.
import {
  type Arg,
  hasOption,
  type Interspersed,
  type Invocation,
  literalArg,
  type OptionSpec,
  optionValue,
  own,
  scanInterspersed,
} from "@hookrail/shell/engine";

/** A file a command changes; `ancestors`: changing a folder changes what it holds (removal, move, -R). */
export interface Target {
  arg: Arg;
  ancestors: boolean;
  /** Where a copy lands when the target is a folder: the target plus each source's base name. */
  into?: readonly Arg[];
}

type Writer = (inv: Invocation) => Target[];

const scan = (inv: Invocation, spec: OptionSpec = {}) => scanInterspersed(inv.args.slice(1), spec);
const all = (args: readonly Arg[], ancestors: boolean): Target[] => args.map((arg) => ({ arg, ancestors }));
const recursive = (s: Interspersed) => hasOption(s, "-r", "-R", "--recursive", "-a", "--archive");

/** rm, unlink, shred…: every operand is removed, and a folder with all it holds. */
const remove: Writer = (inv) => all(scan(inv).operands, true);

/** touch, truncate, tee, sponge: every operand is written. */
const writeAll =
  (spec: OptionSpec): Writer =>
  (inv) =>
    all(scan(inv, spec).operands, false);

/** cp, install, rsync: the destination (last operand or -t) is written, a file of the same name in it too. */
const copy =
  (spec: OptionSpec, moves = false): Writer =>
  (inv) => {
    const s = scan(inv, spec);
    const target = optionValue(s, "-t", "--target-directory");
    const sources = target ? s.operands : s.operands.slice(0, -1);
    const dest = target ?? s.operands.at(-1);
    const out: Target[] = moves ? all(sources, true) : [];
    if (dest) out.push({ arg: dest, ancestors: recursive(s) || sources.some((a) => a.value === null), into: sources });
    return out;
  };

/** chmod, chown, chgrp: the first operand is the mode or owner (unless --reference), the rest are changed. */
const changeMode: Writer = (inv) => {
  // `chmod -x file`: a mode that takes a permission away reads like an option; chmod's own options (-c -f -v -R)
  // share no letter with the permissions (r w x X s t).
  const mode = inv.args.findIndex((a, i) => i > 0 && /^-[rwxXst]+$/.test(a.value ?? ""));
  const args = mode > 0 ? inv.args.map((a, i) => (i === mode ? literalArg("a-x") : a)) : inv.args;
  const s = scanInterspersed(args.slice(1), { long: ["--reference", "--from"] });
  const files = optionValue(s, "--reference") ? s.operands : s.operands.slice(1);
  return all(files, hasOption(s, "-R", "--recursive"));
};

/** `sed -i`, `perl -pi -e`, `gawk -i inplace`, `yq -i`: the files after the script are rewritten in place. */
const inPlace =
  (flag: RegExp, spec: OptionSpec, scriptOptions: readonly string[]): Writer =>
  (inv) => {
    if (!inv.args.slice(1).some((a) => a.value !== null && flag.test(a.value))) return [];
    const s = scan(inv, spec);
    const scripted = s.options.some((o) => scriptOptions.includes(o.name));
    return all(scripted ? s.operands : s.operands.slice(1), false);
  };

/** `dd of=FILE`. */
const dd: Writer = (inv) =>
  inv.args.slice(1).flatMap((a) => (a.text.startsWith("of=") ? [{ arg: afterEquals(a), ancestors: false }] : []));

/** `find DIR… -delete` removes what it finds under its starting points. */
const find: Writer = (inv) => {
  if (!inv.args.some((a) => a.value === "-delete")) return [];
  const end = inv.args.findIndex((a, i) => i > 0 && /^[-(!]/.test(a.value ?? ""));
  return all(inv.args.slice(1, end < 0 ? undefined : end), true);
};

/** curl -o, wget -O / -P. */
const download: Writer = (inv) => {
  const s = scan(inv, { short: "oOPdHXuAeTFx", long: ["--output", "--output-document", "--directory-prefix"] });
  const files = s.options.filter((o) => ["-o", "--output", "--output-document"].includes(o.name) || o.name === "-O");
  const out = files.flatMap((o) => (o.value && o.value.value !== "-" ? [{ arg: o.value, ancestors: false }] : []));
  const dir = optionValue(s, "-P", "--directory-prefix");
  return dir ? [...out, { arg: dir, ancestors: true }] : out;
};

/** `tar -x -C DIR`, `unzip -d DIR`: an archive unpacked into a folder may overwrite what it holds. */
const unpack =
  (flag: RegExp, dirOptions: readonly string[], spec: OptionSpec): Writer =>
  (inv) => {
    if (!inv.args.slice(1, 3).some((a) => a.value !== null && flag.test(a.value))) return [];
    const s = scan(inv, spec);
    const dir = s.options.findLast((o) => dirOptions.includes(o.name))?.value;
    return dir ? [{ arg: dir, ancestors: true }] : [];
  };

/** Editors and `patch`: the files named are opened for writing. */
const edit: Writer = (inv) =>
  inv.args.slice(1).flatMap((a) => (a.value !== null && /^[-+]/.test(a.value) ? [] : [{ arg: a, ancestors: false }]));

const GIT_GLOBAL_VALUE = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env"];

/**
 * The files git changes in the working tree that the command names: `git rm` (not `--cached`), `git mv`,
 * `git restore` and `git checkout … -- <paths>`; `git apply` and `git am` change files their patch names,
 * known only at run time. `-C dir` moves the relative paths.
 */
const git: Writer = (inv) => {
  let i = 1;
  let dir: string | null = "";
  for (; i < inv.args.length && inv.args[i]?.value?.startsWith("-"); i++) {
    const v = inv.args[i]?.value as string;
    if (!GIT_GLOBAL_VALUE.includes(v)) continue;
    if (v === "-C" && dir !== null) dir = inv.args[i + 1]?.value == null ? null : `${dir}${inv.args[i + 1]?.value}/`;
    i++;
  }
  const sub = inv.args[i]?.value;
  const rest = inv.args.slice(i + 1);
  const at = (a: Arg): Arg =>
    dir === "" || a.value?.startsWith("/")
      ? a
      : dir === null || a.value === null
        ? { ...a, value: null }
        : literalArg(dir + a.value);
  const spec = { short: "s", long: ["--source", "--pathspec-from-file", "--conflict"] };
  const s = scanInterspersed(rest, spec);
  switch (sub) {
    case "rm":
      return hasOption(s, "--cached") ? [] : all(s.operands.map(at), true);
    case "mv":
      return all(s.operands.map(at), true);
    case "restore":
      return hasOption(s, "--staged") && !hasOption(s, "-W", "--worktree") ? [] : all(s.operands.map(at), true);
    case "checkout": {
      const dash = rest.findIndex((a) => a.value === "--");
      return dash < 0 ? [] : all(rest.slice(dash + 1).map(at), true);
    }
    case "apply":
    case "am":
      if (hasOption(s, "--check", "--stat", "--numstat", "--summary", "--cached", "--abort", "--skip", "--quit"))
        return [];
      // Known only at run time (the backquotes keep it from being read as a path).
      return [
        { arg: { value: null, text: "`the files its patch names`", glob: false, opaque: true }, ancestors: false },
      ];
    default:
      return [];
  }
};

const WRITERS: Readonly<Record<string, Writer>> = {
  git,
  rm: remove,
  unlink: remove,
  rmdir: remove,
  shred: remove,
  trash: remove,
  "trash-put": remove,
  touch: writeAll({ short: "dtr", long: ["--date", "--reference"] }),
  truncate: writeAll({ short: "sr", long: ["--size", "--reference"] }),
  tee: writeAll({}),
  sponge: writeAll({}),
  ln: (inv) => all(scan(inv, { short: "St", long: ["--suffix", "--target-directory"] }).operands, false),
  mv: copy({ short: "St", long: ["--suffix", "--target-directory"] }, true),
  cp: copy({ short: "St", long: ["--suffix", "--target-directory"] }),
  install: copy({ short: "gmoSt", long: ["--group", "--mode", "--owner", "--suffix", "--target-directory"] }),
  rsync: copy({ short: "efT", long: ["--rsh", "--filter", "--exclude", "--include", "--temp-dir", "--chmod"] }),
  chmod: changeMode,
  chown: changeMode,
  chgrp: changeMode,
  chattr: changeMode,
  sed: inPlace(/^(?:-[a-zA-Z]*i|--in-place)/, { short: "efl", long: ["--expression", "--file"] }, [
    "-e",
    "-f",
    "--expression",
    "--file",
  ]),
  perl: inPlace(/^-[a-zA-Z]*i/, { short: "eEIMm" }, ["-e", "-E"]),
  ruby: inPlace(/^-[a-zA-Z]*i/, { short: "eIr" }, ["-e"]),
  gawk: inPlace(/^inplace$/, { short: "ifFv", long: ["--include", "--file"] }, ["-f", "--file"]),
  yq: inPlace(/^(?:-i|--inplace)$/, {}, []),
  dd,
  find,
  tar: unpack(/^(?:-?[a-zA-Z]*x[a-zA-Z]*|--extract|--get)$/, ["-C", "--directory"], {
    short: "CfbTXIH",
    long: ["--directory", "--file", "--exclude", "--files-from"],
  }),
  unzip: unpack(/./, ["-d"], { short: "dxP" }),
  curl: download,
  wget: download,
  patch: edit,
  // Windows' registry tool: `reg add|delete|import|copy|restore|load <key>` writes the key (managed settings live there).
  reg: (inv) => {
    const verb = inv.args[1]?.value?.toLowerCase();
    const key = inv.args[2];
    return verb && key && /^(?:add|delete|import|copy|restore|load|unload)$/.test(verb)
      ? [{ arg: key, ancestors: true }]
      : [];
  },
  ed: edit,
  ex: edit,
  vi: edit,
  vim: edit,
  nvim: edit,
  nano: edit,
  emacs: edit,
};

export function fileWriter(name: string): Writer | undefined {
  return own(WRITERS, name);
}

function afterEquals(a: Arg): Arg {
  const i = a.text.indexOf("=") + 1;
  return a.value === null ? { ...a, text: a.text.slice(i) } : literalArg(a.value.slice(i));
}
