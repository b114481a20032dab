// "did you mean": the names closest to a mistyped one (a typo, a swapped pair, a dropped or extra letter, or
// the start of a name).

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The candidates `word` most likely meant, best first (none when nothing is close). */
export function closest(word: string, candidates: readonly string[]): string[] {
  const w = word.toLowerCase();
  if (!w) return [];
  const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(w) && w.length >= 2);
  if (prefixed.length) return prefixed;
  const limit = Math.max(1, Math.floor(w.length / 3));
  const scored = candidates
    .map((c) => ({ c, d: editDistance(w, c.toLowerCase()) }))
    .filter(({ d }) => d <= limit)
    .sort((x, y) => x.d - y.d);
  const best = scored[0]?.d;
  return scored.filter(({ d }) => d === best).map(({ c }) => c);
}

/** `; did you mean "x"?` (or `"x" or "y"`), else the whole list: `; choose one of: a, b, c`. */
export function suggestion(word: string, candidates: readonly string[]): string {
  const found = closest(word, candidates);
  if (found.length) return `; did you mean ${found.map((c) => `"${c}"`).join(" or ")}?`;
  return `; choose one of: ${candidates.join(", ")}`;
}
