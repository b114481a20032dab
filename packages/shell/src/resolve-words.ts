// Words with the line's own literal variables filled in: `B=feature/x; git push origin "$B"` pushes feature/x.
import type { Word, WordPart } from "unbash";
import { type Arg, argFromWord } from "./shell-words.ts";
import type { World } from "./world.ts";

/** The value of `$name` in a world: set by the line, or PWD/OLDPWD/HOME; null when known only at run time. */
export function variable(world: World, name: string, home: string | undefined): string | null {
  const v = world.vars.get(name);
  if (v) return v.value;
  if (name === "PWD") return world.cwd;
  if (name === "OLDPWD") return world.oldpwd ?? null;
  if (name === "HOME") return home ?? null;
  return null;
}

/**
 * `$NAME` or `${NAME}`, also positional parameters (`$1`, `${10}`, `$@`, `$*`, which hold a value only where a
 * child shell was given its arguments): the name, else undefined (other special parameters, operations).
 */
function plainName(part: WordPart): string | undefined {
  if (part.type === "SimpleExpansion") return /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*])$/.exec(part.text)?.[1];
  if (part.type === "ParameterExpansion" && !part.prefix && !part.index && !part.operation) {
    return /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])$/.test(part.parameter) ? part.parameter : undefined;
  }
  return undefined;
}

/** Does the word read a variable the line may have set? */
export function readsVariables(parts: readonly WordPart[] | undefined): boolean {
  return (
    parts?.some(
      (p) =>
        plainName(p) !== undefined ||
        ((p.type === "DoubleQuoted" || p.type === "LocaleString") && readsVariables(p.parts)),
    ) ?? false
  );
}

/** The word with known variables filled in; unquoted values that bash would split or glob stay unknown. */
export function resolveWord(word: Word, world: World, home: string | undefined): Arg {
  const plain = argFromWord(word);
  if (plain.value !== null || !readsVariables(word.parts)) return plain;
  let text = "";
  let glob = false;
  const add = (parts: readonly WordPart[], quoted: boolean): boolean => {
    for (const part of parts) {
      const name = plainName(part);
      if (name !== undefined) {
        const value = variable(world, name, home);
        // Unquoted, bash splits the value at IFS (the line may have changed it) and expands globs in it.
        if (value === null || (!quoted && (value === "" || /[\s*?[\]]/.test(value) || world.vars.has("IFS")))) {
          return false;
        }
        text += value;
      } else if (part.type === "Literal" || part.type === "SingleQuoted" || part.type === "AnsiCQuoted") {
        text += part.value;
      } else if (part.type === "DoubleQuoted" || part.type === "LocaleString") {
        if (!add(part.parts, true)) return false;
      } else if (part.type === "Glob" || part.type === "ExtendedGlob") {
        text += part.text;
        glob = true;
      } else return false;
    }
    return true;
  };
  if (!word.parts || !add(word.parts, false)) return plain;
  return { value: text, text, glob, opaque: false, node: word };
}
