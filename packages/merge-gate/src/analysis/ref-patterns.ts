// Refspec patterns (`refs/heads/feature/*`): could one name a protected branch? Both sides are globs whose `*`
// matches any run of characters (git's refspec `*` and the protected-branch patterns alike).

/** A destination that is a pattern, as the full ref it writes: `feature/*` and `refs/heads/feature/*` alike. */
export function fullRefPattern(dst: string): string {
  return dst.startsWith("refs/") ? dst : `refs/heads/${dst}`;
}

/** Could a ref matching `pattern` be a protected branch (a ref `refs/heads/<protected>`)? */
export function patternMayBeProtected(pattern: string, protectedBranches: readonly string[]): boolean {
  return protectedBranches.some((p) => globsMeet(pattern, `refs/heads/${p}`));
}

/** Is there a string both `*`-globs match? Linear in the product of their lengths. */
export function globsMeet(a: string, b: string): boolean {
  // No refspec is this long; answering "they may meet" keeps the walk's depth bounded.
  if (a.length + b.length > 1024) return true;
  const memo = new Map<number, boolean>();
  const meet = (i: number, j: number): boolean => {
    if (i === a.length && j === b.length) return true;
    const key = i * (b.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let out: boolean;
    if (a[i] === "*") out = meet(i + 1, j) || (j < b.length && meet(i, j + 1));
    else if (b[j] === "*") out = meet(i, j + 1) || (i < a.length && meet(i + 1, j));
    else out = i < a.length && j < b.length && a[i] === b[j] && meet(i + 1, j + 1);
    memo.set(key, out);
    return out;
  };
  return meet(0, 0);
}
