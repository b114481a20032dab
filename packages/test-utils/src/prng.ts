// A seeded pseudo-random generator (mulberry32) for fuzz tests: the same seed gives the same run, so a
// failure found once is found again.

/** `rand(n)`: the next integer in `[0, n)`. */
export function prng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}
