// The loader a hook command runs in front of a guardrail's hook file (`node -e <loader> <file>`): a file that is
// there runs as `node <file>` runs it; one that has gone, or cannot be loaded, still answers as the guardrail's
// policy says, in the CLI's own words. A blocking hook blocks (exit 2 and the reason on stderr, or the CLI's deny
// JSON on stdout), naming the guardrail, the file and the one command that puts it back; any other hook says
// nothing (or the CLI's "no objection" where silence would count as a failure) and exits 0.

/** What a hook command's loader answers when the hook file cannot be loaded. */
export interface HookLoaderAnswer {
  /** The guardrail the hook belongs to (named in a block's reason). */
  guardrail: string;
  /** A gate's hook that decides an action: it blocks. Any other hook answers `neutral`, or nothing. */
  blocking: boolean;
  /**
   * The CLI's block as JSON printed at exit 0, built around the reason (`deny(reason)`); without it, the block is
   * exit 2 with the reason on stderr. Keys must be plain names; values strings, numbers, booleans or objects.
   */
  deny?: (reason: string) => Record<string, unknown>;
  /** What a hook that does not block prints (JSON, exit 0) where the CLI reads silence as a failure. */
  neutral?: Record<string, unknown>;
}

/** Where the reason goes in a deny: replaced by the loader's variable. */
const REASON = "\u0000reason\u0000";

/** A JSON-able value as a JavaScript literal whose strings are template literals (no quote, no `$`). */
function literal(value: unknown): string {
  if (value === REASON) return "m";
  if (typeof value === "string") {
    if (/[`$\\]/.test(value) || value.includes("\u0000"))
      throw new Error(`a hook loader's answer cannot carry ${JSON.stringify(value)}`);
    return `\`${value}\``;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const fields = Object.entries(value).map(([key, v]) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`a hook loader's answer cannot have the key ${key}`);
      return `${key}:${literal(v)}`;
    });
    return `{${fields.join(",")}}`;
  }
  throw new Error(`a hook loader's answer cannot carry ${String(value)}`);
}

/**
 * The loader's code, given a JavaScript expression for the hook file's path. It holds no quote, no `$` and no
 * space outside its template literals, and no `&`, `|`, `<`, `>`, `^` or `%` at all.
 */
export function hookLoaderCode(fileExpression: string, answer?: HookLoaderAnswer): string {
  if (answer && !/^[\w-]+$/.test(answer.guardrail)) throw new Error(`no guardrail is named ${answer.guardrail}`);
  let onFailure = "";
  if (answer?.blocking) {
    const why =
      "(require(`fs`).existsSync(f)?` cannot be loaded (`+String(e?e.message:e).split(`\\n`)[0]+`)`:` is missing`)";
    const reason = `\`${answer.guardrail}: blocked because its hook file \`+f+${why}+\`, so nothing was checked. Run npx hookrail update to put it back, then retry.\``;
    const say = answer.deny
      ? `process.stdout.write(JSON.stringify(${literal(answer.deny(REASON))})+\`\\n\`)`
      : "process.exitCode=2;process.stderr.write(m+`\\n`)";
    onFailure = `(function(m){${say}})(${reason})`;
  } else if (answer?.neutral) {
    onFailure = `process.stdout.write(JSON.stringify(${literal(answer.neutral)})+\`\\n\`)`;
  }
  return `(function(f){try{require(f)}catch(e){${onFailure}}})(${fileExpression})`;
}

/**
 * The command that starts a guardrail's hook file with node through the loader (above), for a POSIX shell,
 * PowerShell or Git Bash: `node -e '<loader>' "<file>" <args>`. Nothing else changes: the file runs as
 * `node <file> <args>` runs it (same `process.argv`). `file` is the path as the CLI's shell expands it; it is put
 * in double quotes. The loader holds no quote and no `$`, so each of those shells passes it to node as one
 * argument, unchanged (in PowerShell, a backtick inside single quotes is no escape).
 */
export function nodeHookCommand(file: string, answer?: HookLoaderAnswer, args: readonly string[] = []): string {
  const code = hookLoaderCode("require(`path`).resolve(process.argv[1])", answer);
  if (/['"$]/.test(code)) throw new Error(`the hook loader for ${file} holds a quote or a $`);
  return [`node -e '${code}' "${file}"`, ...args].join(" ");
}

/**
 * The same loader for a command `cmd.exe /C` runs (Codex's `commandWindows`): `node -e <loader>`, one word with
 * no double quote and no cmd syntax, its spaces written `\x20` inside the loader's template literals.
 * `fileExpression` is JavaScript (it may quote with `'`) and holds no space either.
 */
export function nodeHookCommandForCmd(fileExpression: string, answer?: HookLoaderAnswer): string {
  const code = hookLoaderCode(fileExpression, answer).replaceAll(" ", "\\x20");
  if (/[\s"&|<>^%]/.test(code)) throw new Error(`the hook loader for ${fileExpression} holds a character cmd reads`);
  return `node -e ${code}`;
}
