// Refs and small files under .git, read like git reads them (loose refs, then packed-refs), for the hot paths;
// part of @hookrail/core/git-fast. Anything unusual (a symlink, odd text) is "cannot tell" (undefined).
import { closeSync, constants, openSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** The branch's sha from its loose ref, else packed-refs; null when it has none (unborn), undefined when unusual. */
export function resolveBranch(commonDir: string, branch: string): string | null | undefined {
  const loose = readRefFile(join(commonDir, "refs", "heads", ...branch.split("/")));
  if (loose === undefined) return undefined;
  if (loose !== null) {
    const sha = loose.trim();
    // A symbolic ref ("ref: ...") or anything else odd: git's answer may differ.
    return SHA.test(sha) ? sha : undefined;
  }
  const packed = readRefFile(join(commonDir, "packed-refs"));
  if (packed === undefined) return undefined;
  if (packed === null) return null;
  // Lines are "<sha> <refname>" ("^<sha>" peel lines and "#" comments never end in a refname). Searched,
  // not split: packed-refs can hold every tag of a big repository.
  const needle = ` refs/heads/${branch}`;
  for (let at = packed.indexOf(needle); at !== -1; at = packed.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (end < packed.length && packed[end] !== "\n" && packed[end] !== "\r") continue;
    const sha = packed.slice(packed.lastIndexOf("\n", at) + 1, at);
    if (SHA.test(sha)) return sha;
  }
  return null;
}

/** A file's text; null when it is missing (or a folder); undefined when it is a symlink. Other errors throw. */
export function readRefFile(path: string): string | null | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    return missingOrUnusual(error);
  }
  try {
    return readFileSync(fd, "utf8");
  } catch (error) {
    return missingOrUnusual(error);
  } finally {
    closeSync(fd);
  }
}

function missingOrUnusual(error: unknown): null | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
  if (code === "ELOOP") return undefined;
  throw error;
}

/** git check-ref-format's rules for the part after refs/heads/. */
export function isBranchName(name: string): boolean {
  if (name === "@" || name.endsWith("/") || name.endsWith(".")) return false;
  if (name.includes("..") || name.includes("@{") || /[~^:?*[\\]/.test(name)) return false;
  if ([...name].some((c) => c <= " " || c === "\u007f")) return false;
  return name.split("/").every((part) => part !== "" && !part.startsWith(".") && !part.endsWith(".lock"));
}

/**
 * Whether `git checkout <name>` finds a branch: a local one, or one remote-tracking branch it would create
 * it from. undefined when the refs cannot be read plainly. Never throws.
 */
export function branchExists(commonDir: string, name: string): boolean | undefined {
  try {
    if (!isBranchName(name)) return false;
    const local = resolveBranch(commonDir, name);
    if (local === undefined) return undefined;
    if (local !== null) return true;
    const packed = readRefFile(join(commonDir, "packed-refs"));
    if (packed === undefined) return undefined;
    const remote = new RegExp(`^[0-9a-f]+ refs/remotes/[^/\\s]+/${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m");
    if (packed && remote.test(packed)) return true;
    for (const entry of readdirSync(join(commonDir, "refs", "remotes"), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const sha = readRefFile(join(commonDir, "refs", "remotes", entry.name, ...name.split("/")));
      if (sha === undefined) return undefined;
      if (sha !== null) return true;
    }
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? false : undefined;
  }
}

/**
 * Where `refs/remotes/<remote>/HEAD` points (`git symbolic-ref`'s answer, a full ref name): null when the clone
 * has no such ref or it is no symbolic ref (git then fails too; symbolic refs are never packed), undefined when
 * the file is unusual (a symlink, a remote name git would refuse). Never throws.
 */
export function remoteHead(commonDir: string, remote: string): string | null | undefined {
  try {
    if (!isBranchName(remote) || remote.includes("/")) return undefined;
    const text = readRefFile(join(commonDir, "refs", "remotes", remote, "HEAD"));
    if (text === undefined) return undefined;
    if (text === null) return null;
    const match = /^ref: (refs\/\S+)\n?$/.exec(text);
    if (match?.[1]) return match[1];
    return SHA.test(text.trim()) ? null : undefined;
  } catch {
    return undefined;
  }
}
