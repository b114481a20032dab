// The text hookrail puts into a repository's pre-push hook: one marked block that runs the merge gate's
// pre-push program with git's arguments and stdin, then hands the same stdin on to the rest of the hook.

export const BLOCK_BEGIN = "# >>> hookrail merge-gate pre-push >>>";
export const BLOCK_END = "# <<< hookrail merge-gate pre-push <<<";
/** Where a non-shell hook that was there before is kept, next to ours, and run after ours. */
export const CHAINED_NAME = "pre-push.hookrail-chained";

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The block: POSIX sh, safe under `sh -e`, with names that cannot clash with a hook's own (hookrail_*). */
export function hookBlock(program: string, nodePath: string): string {
  return [
    BLOCK_BEGIN,
    "# Refuses pushes to protected branches unless MERGE_APPROVED=1; `hookrail uninstall merge-gate --git-hook` removes this block.",
    "hookrail_in=$(mktemp) || exit 1",
    'cat > "$hookrail_in"',
    "hookrail_rc=0",
    `hookrail_node=$(command -v node || echo ${quote(nodePath)})`,
    `if [ -f ${quote(program)} ]; then`,
    `  "$hookrail_node" ${quote(program)} "$@" < "$hookrail_in" || hookrail_rc=$?`,
    "else",
    `  echo ${quote(`hookrail merge-gate: ${program} is missing, push refused; reinstall it with: hookrail install merge-gate --git-hook`)} >&2`,
    "  hookrail_rc=1",
    "fi",
    'exec < "$hookrail_in"',
    'rm -f "$hookrail_in"',
    '[ "$hookrail_rc" -eq 0 ] || exit "$hookrail_rc"',
    BLOCK_END,
    "",
  ].join("\n");
}

/** A hook of our own: the block, then the hook that was there before if it was not a shell script. */
export function ownHook(block: string, chained: boolean): string {
  const next = chained
    ? `hookrail_next="$(dirname "$0")/${CHAINED_NAME}"\n[ -x "$hookrail_next" ] || exit 0\nexec "$hookrail_next" "$@"\n`
    : "";
  return `#!/bin/sh\n${block}${next}`;
}

/** Whether git runs this hook with a POSIX-like shell (its shebang, or none: git uses sh). */
export function isShellHook(text: string): boolean {
  if (text.includes("\0")) return false;
  const first = text.split("\n", 1)[0] ?? "";
  return !first.startsWith("#!") || /^#!\s*\S*\b(?:env\s+)?(?:sh|bash|dash|zsh|ksh|ash)\b/.test(first);
}

/** The hook with our block inserted after its shebang line (or first when it has none). */
export function withBlock(text: string, block: string): string {
  if (!text.startsWith("#!")) return block + text;
  const end = text.indexOf("\n");
  return end === -1 ? `${text}\n${block}` : text.slice(0, end + 1) + block + text.slice(end + 1);
}

/** The hook without our block; undefined when it has none. */
export function withoutBlock(text: string): string | undefined {
  const start = text.indexOf(BLOCK_BEGIN);
  if (start === -1) return undefined;
  const endMarker = text.indexOf(BLOCK_END, start);
  if (endMarker === -1) return undefined;
  let end = endMarker + BLOCK_END.length;
  if (text[end] === "\n") end += 1;
  return text.slice(0, start) + text.slice(end);
}
