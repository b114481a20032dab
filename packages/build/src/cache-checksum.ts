// The code cache's checksum, as a WebAssembly function the loader instantiates on every run. node:zlib's
// crc32 costs ~2.2 ms a run, almost all of it loading node:zlib (which loads Node's whole stream stack);
// this costs ~0.2 ms for a 280 KB cache (SIMD; ~0.6 ms scalar) and needs nothing loaded: WebAssembly is a global.
//
// The sum ("HRC2"): four murmur3 lanes over the payload, zero-padded to 16 bytes, lane j taking the
// little-endian 32-bit words at 16*i + 4*j. Each lane starts at the seed xor its own constant and takes a word
// w as murmur3_x86_32 does: k = rotl(w * C1, 15) * C2; h = rotl(h ^ k, 13) * 5 + N. The function returns
// h0 ^ rotl(h1, 7) ^ rotl(h2, 14) ^ rotl(h3, 21); the loader then mixes in the payload's length with murmur3's
// finaliser. Every step is a bijection of the lane for a fixed word, so a change within one word is always
// caught; other damage slips through with odds of 2^-32, as with a CRC-32. The seed is FNV-1a of the cache
// key's UTF-16 code units. `packages/test-utils/src/code-cache.ts` holds the same sum in plain JavaScript,
// and the bundle tests check the two agree on the files the loader writes.

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;
const N = 0xe6546b64;
/** What each lane's start is xored with. */
export const LANE_SEEDS = [0, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f] as const;

const sleb = (value: number): number[] => {
  const out: number[] = [];
  let v = value | 0;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    if ((v === 0 && !(byte & 0x40)) || (v === -1 && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
};
const uleb = (value: number): number[] => {
  const out: number[] = [];
  let v = value;
  do {
    const byte = v & 0x7f;
    v >>>= 7;
    out.push(v ? byte | 0x80 : byte);
  } while (v);
  return out;
};
const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const name = (text: string) => vec([...text].map((c) => [c.charCodeAt(0)]));

const I32 = 0x7f;
const op = {
  block: 0x02,
  loop: 0x03,
  br: 0x0c,
  brIf: 0x0d,
  end: 0x0b,
  get: 0x20,
  set: 0x21,
  load: 0x28,
  const: 0x41,
  geU: 0x4f,
  add: 0x6a,
  mul: 0x6c,
  xor: 0x73,
  rotl: 0x77,
} as const;
const i32 = (value: number) => [op.const, ...sleb(value)];
const get = (local: number) => [op.get, local];
const set = (local: number) => [op.set, local];

// Locals: 0 = p (byte offset), 1 = end (exclusive, a multiple of 16 past p), 2 = seed, 3..6 = lanes, 7 = k.
const P = 0;
const END = 1;
const SEED = 2;
const LANE = 3;
const K = 7;

/** `while (p < end) { step; p += 16 }` (locals 0 and 1). */
const over16 = (step: number[]) => [
  op.block,
  0x40,
  op.loop,
  0x40,
  ...get(P),
  ...get(END),
  op.geU,
  op.brIf,
  1,
  ...step,
  ...get(P),
  ...i32(16),
  op.add,
  ...set(P),
  op.br,
  0,
  op.end,
  op.end,
];

const lane = (j: number) => [
  ...get(P),
  op.load,
  2,
  4 * j, // align 4, offset 4*j
  ...i32(C1),
  op.mul,
  ...i32(15),
  op.rotl,
  ...i32(C2),
  op.mul,
  ...set(K),
  ...get(LANE + j),
  ...get(K),
  op.xor,
  ...i32(13),
  op.rotl,
  ...i32(5),
  op.mul,
  ...i32(N),
  op.add,
  ...set(LANE + j),
];

const body = [
  ...LANE_SEEDS.flatMap((s, j) => [...get(SEED), ...i32(s), op.xor, ...set(LANE + j)]),
  ...over16([...lane(0), ...lane(1), ...lane(2), ...lane(3)]),
  ...get(LANE),
  ...[1, 2, 3].flatMap((j) => [...get(LANE + j), ...i32(7 * j), op.rotl, op.xor]),
  op.end,
];
const code = [...vec([[5, I32]]), ...body];

// The same sum with the four lanes in one 128-bit SIMD value: a quarter of the instructions. Locals: 0 = p,
// 1 = end, 2 = seed, 3 = the lanes, 4 = k.
const V128 = 0x7b;
const simd = (opcode: number, ...immediates: number[]) => [0xfd, ...uleb(opcode), ...immediates];
const SIMD = {
  load: simd(0x00, 4, 0), // align 16, offset 0
  splat: simd(0x11),
  extract: (lane: number) => simd(0x1b, lane),
  or: simd(0x50),
  xor: simd(0x51),
  shl: simd(0xab),
  shrU: simd(0xad),
  add: simd(0xae),
  mul: simd(0xb5),
} as const;
const V_LANES = 3;
const V_K = 4;
const splat = (value: number) => [...i32(value), ...SIMD.splat];
const rotlV = (local: number, r: number) => [
  ...get(local),
  ...i32(r),
  ...SIMD.shl,
  ...get(local),
  ...i32(32 - r),
  ...SIMD.shrU,
  ...SIMD.or,
];
// lane j = seed ^ LANE_SEEDS[j], one i32x4.replace_lane each
const laneSeeds = LANE_SEEDS.flatMap((s, j) => [
  ...get(V_LANES),
  ...get(SEED),
  ...i32(s),
  op.xor,
  ...simd(0x1c, j),
  ...set(V_LANES),
]);
const simdBody = [
  ...splat(0),
  ...set(V_LANES),
  ...laneSeeds,
  ...over16([
    ...get(P),
    ...SIMD.load,
    ...splat(C1),
    ...SIMD.mul,
    ...set(V_K),
    ...rotlV(V_K, 15),
    ...splat(C2),
    ...SIMD.mul,
    ...set(V_K),
    ...get(V_LANES),
    ...get(V_K),
    ...SIMD.xor,
    ...set(V_LANES),
    ...rotlV(V_LANES, 13),
    ...splat(5),
    ...SIMD.mul,
    ...splat(N),
    ...SIMD.add,
    ...set(V_LANES),
  ]),
  ...get(V_LANES),
  ...SIMD.extract(0),
  ...[1, 2, 3].flatMap((j) => [...get(V_LANES), ...SIMD.extract(j), ...i32(7 * j), op.rotl, op.xor]),
  op.end,
];
const simdCode = [...vec([[2, V128]]), ...simdBody];

const moduleOf = (body: number[]) => [
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32]]), ...vec([[I32]])]])),
  ...section(2, vec([[...name("e"), ...name("m"), 0x02, 0x00, 0x01]])),
  ...section(3, vec([[0]])),
  ...section(7, vec([[...name("s"), 0x00, 0]])),
  ...section(10, vec([[...uleb(body.length), ...body]])),
];

/**
 * The module: imports its memory as "e"."m" (one page at least), exports `s(p, end, seed) -> i32`, the lanes
 * combined over bytes [p, end), p a multiple of 16. The SIMD one where the machine has WebAssembly SIMD
 * (every x64 CPU with SSE4.1, every arm64 one), else the scalar one: the same sum.
 */
export const CHECKSUM_WASM_SIMD: readonly number[] = moduleOf(simdCode);
export const CHECKSUM_WASM: readonly number[] = moduleOf(code);
