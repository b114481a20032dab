import { describe, expect, it } from "vitest";
import { prng } from "../src/index.ts";

const draw = (seed: number, n: number, count: number) => {
  const rand = prng(seed);
  return Array.from({ length: count }, () => rand(n));
};

describe("prng", () => {
  it.each([1, 7, 11, 2 ** 32 - 1])("seed %i: the same run every time, each value in [0, n)", (seed) => {
    const values = draw(seed, 10, 1000);
    expect(draw(seed, 10, 1000)).toEqual(values);
    expect(values.every((v) => Number.isInteger(v) && v >= 0 && v < 10)).toBe(true);
    expect(new Set(values).size).toBe(10);
  });

  it("differs between seeds", () => {
    expect(draw(1, 1000, 20)).not.toEqual(draw(2, 1000, 20));
  });

  it("is mulberry32 (the reference implementation's first outputs for seed 7)", () => {
    expect(draw(7, 2 ** 32, 3)).toEqual([50271532, 266108690, 4195786334]);
  });
});
