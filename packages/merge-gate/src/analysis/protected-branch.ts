// Which branch names count as protected.

/** Exact names, or patterns where `*` matches any run of characters (`release/*`). */
export function isProtected(branch: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => p === branch || (p.includes("*") && starPattern(p).test(branch)));
}

function starPattern(pattern: string): RegExp {
  const parts = pattern.split("*").map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`, "s");
}
