// Files the line writes and then runs: `echo 'git push origin main' > ship.sh && bash ship.sh`,
// `cat > ship.sh <<'EOF' … EOF` then `./ship.sh`. What a command printed into a file is kept in the worlds it
// runs in, so a shell that later runs the file reads the same text.
import type { Command } from "unbash";
import { addUnprovable, type Ctx, type Invocation } from "./context.ts";
import { resolveDir } from "./resolve-dir.ts";
import { childVars } from "./run-code.ts";
import { SHELLS } from "./shell-names.ts";
import { type Arg, argFromWord } from "./shell-words.ts";
import { type Feed, isWrite, stdinOf } from "./stdin-source.ts";
import type { World, WrittenFile } from "./world.ts";

/** The text a command prints, when the line tells it (echo, printf, cat of a here-doc, tee); else null. */
function printed(node: Command, src: string, feed: Feed | undefined): WrittenFile | null {
  const out = stdinOf([], { kind: "command", node, source: src, upstream: feed }, src);
  return out.kind === "text" ? { text: out.text, exact: out.exact } : null;
}

/** `cmd > file`, `>> file`, `&> file`, `tee [-a] file…`: each file with its new text (null: not known). */
export function recordWrites(
  node: Command,
  inv: Invocation,
  worlds: World[],
  src: string,
  feed: Feed | undefined,
  home: string | undefined,
): World[] {
  const writes: { file: Arg; text: () => WrittenFile | null; append: boolean }[] = [];
  const stdout = node.redirects.filter(
    (r) =>
      r.type === "Redirect" &&
      isWrite(r) &&
      (!r.descriptor || (r.descriptor.type === "FileDescriptor" && r.descriptor.value === 1)),
  );
  node.redirects.forEach((r) => {
    if (r.type !== "Redirect" || !isWrite(r) || !r.target) return;
    // Only the last redirect of standard output receives what the command prints.
    const last = r === stdout.at(-1);
    const append = r.operator === ">>" || r.operator === "&>>";
    writes.push({ file: argFromWord(r.target), text: () => (last ? printed(node, src, feed) : null), append });
  });
  if (inv.args[0]?.value?.replace(/^.*\//, "") === "tee") {
    const words = inv.args.slice(1);
    const append = words.some((a) => /^-[a-z]*a|^--append$/.test(a.value ?? ""));
    const text = () => {
      const input = inv.stdin;
      return input.kind === "text" ? { text: input.text, exact: input.exact } : null;
    };
    for (const file of words.filter((a) => !a.value?.startsWith("-"))) writes.push({ file, text, append });
  }
  if (writes.length === 0) return worlds;
  return worlds.map((w) => {
    const files = new Map(w.files);
    for (const { file, text, append } of writes) {
      const path = file.value === null ? null : resolveDir(w.cwd, file.value, home);
      if (path === null) continue;
      const before = append ? files.get(path) : { text: "", exact: true };
      const added = text();
      files.set(path, before && added ? { text: before.text + added.text, exact: before.exact && added.exact } : null);
    }
    return { ...w, files };
  });
}

/** A compound's output redirected (`{ …; } > file`): the files' text is not known. */
export function forgetWrites(files: readonly Arg[], worlds: World[], home: string | undefined): World[] {
  if (files.length === 0) return worlds;
  return worlds.map((w) => {
    const next = new Map(w.files);
    for (const f of files) {
      const path = f.value === null ? null : resolveDir(w.cwd, f.value, home);
      if (path !== null) next.set(path, null);
    }
    return { ...w, files: next };
  });
}

/**
 * Runs the file `name` if the line wrote it: its text as a script with `args` as $1… (none: `source`, which keeps the
 * shell's); false when no world knows the file. `direct`: the file is the command itself (`./ship.sh`), so a `#!`
 * line that names no shell makes it code of another language.
 */
export function runWrittenFile(
  name: Arg,
  args: readonly Arg[] | undefined,
  inv: Invocation,
  ctx: Ctx,
  direct = false,
): boolean {
  if (name.value === null) return false;
  const texts = new Set<WrittenFile | null>();
  for (const w of ctx.flow.worlds) {
    const path = resolveDir(w.cwd, name.value, ctx.rules.home);
    if (path !== null && w.files.has(path)) texts.add(w.files.get(path) ?? null);
  }
  if (texts.size === 0) return false;
  for (const file of texts) {
    const text = file?.text ?? null;
    const shebang = text?.match(/^#!\s*(\S+)(?:\s+(\S+))?/);
    const interpreter = shebang?.[1]?.endsWith("/env") ? shebang[2] : shebang?.[1];
    if (text === null) addUnprovable(ctx, inv, "it runs a file the line wrote, whose text is known only at run time");
    else if (direct && interpreter && !SHELLS.has(interpreter.replace(/^.*\//, ""))) {
      if (ctx.rules.mentions.test(text))
        addUnprovable(ctx, inv, `it runs a file the line wrote that mentions ${ctx.rules.topic}`);
    } else {
      const found = ctx.analyzeCode(
        text,
        ctx,
        inv.stdin,
        undefined,
        args ? childVars(inv, [name, ...args]) : undefined,
      );
      // printf and echo -e were replayed loosely: if that found nothing, a mention still counts.
      if (!file?.exact && !found && ctx.rules.mentions.test(text)) {
        addUnprovable(ctx, inv, `it runs generated text that mentions ${ctx.rules.topic}`);
      }
    }
  }
  return true;
}
