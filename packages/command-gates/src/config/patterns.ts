// Which command patterns a gate may have. A pattern is read as @hookrail/shell's matchesPattern reads it: a
// command's name, then words that must follow among its arguments with only options between. One that would
// gate a tool agents run all day (a bare `git`) is refused; one that can never match is kept, with a warning.

export type PatternCheck =
  | { ok: string }
  /** Not used: why, and what to write instead. */
  | { refused: string }
  /** Used as written, but it can never match: why. */
  | { warning: string; pattern: string };

// Tools an agent runs for ordinary work many times a session: gating every use of one blocks honest work.
const EVERYDAY = new Set(
  (
    "git gh glab npm npx pnpm yarn bun bunx node deno python python3 pip pip3 uv cargo go rustc make cmake mvn " +
    "gradle java ruby bundle dotnet php composer ls cat cd pwd echo printf grep rg find sed awk head tail wc sort " +
    "cp mv mkdir touch test true false jq diff less tee xargs bash sh zsh env"
  ).split(" "),
);
// Words the shell reads as syntax where a command name stands: never the name of a simple command.
const RESERVED = new Set(
  "if then else elif fi case esac for select while until do done in function { } [[ ]] ! coproc".split(" "),
);

/** Checks one pattern; `ok` is the pattern with its spaces normalised. */
export function checkPattern(raw: string): PatternCheck {
  const words = raw.trim().split(/\s+/).filter(Boolean);
  const pattern = words.join(" ");
  const [head] = words;
  if (!head) return { refused: "an empty pattern gates nothing" };
  const name = head
    .replace(/^.*\//, "")
    .replace(/\.exe$/i, "")
    .toLowerCase();
  if (words.length === 1 && EVERYDAY.has(name)) {
    return {
      refused:
        `\`${head}\` alone would gate every ${name} command an agent runs, which stops ordinary work; ` +
        `name what to gate, e.g. \`${name} ${example(name)}\``,
    };
  }
  const never = neverMatches(words, name);
  return never ? { warning: never, pattern } : { ok: pattern };
}

function neverMatches(words: string[], name: string): string | undefined {
  const [head = ""] = words;
  if (name === "") return `\`${head}\` names a folder, not a command`;
  if (RESERVED.has(head)) return `\`${head}\` is shell syntax, never a command`;
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(head)) {
    return `\`${head}\` is a variable assignment; a pattern starts with the command's name`;
  }
  const odd = words.find((w) => /['"\\$`]/.test(w));
  if (odd) return `\`${odd}\` holds quotes, \`\\\`, \`$\` or backquotes, which a pattern compares as plain characters`;
  const glob = words.find((w) => /[*?[]/.test(w));
  if (glob) return `\`${glob}\` is compared as written: patterns are words, not globs`;
  return undefined;
}

function example(name: string): string {
  const known: Record<string, string> = { git: "push", gh: "pr merge", npm: "publish", cargo: "publish" };
  return Object.hasOwn(known, name) ? (known[name] as string) : "<subcommand>";
}
