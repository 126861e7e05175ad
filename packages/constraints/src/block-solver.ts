import { solveBlockLcp as solveBlock } from '../generated/block-lcp';
import { BLOCK_MAX_CONDITION } from './contact-constraint';

/** The result of {@link solveBlockLcp}: the new total impulses and the case that produced them. */
export class BlockSolution {
  /** New total impulse of row 1 (>= 0). */
  x1: number;
  /** New total impulse of row 2 (>= 0). */
  x2: number;
  /** The case taken: 1 both active, 2 only row 1, 3 only row 2, 4 neither, -1 none valid. */
  lcpCase: number;

  /** A zeroed solution. */
  constructor() {
    this.x1 = 0;
    this.x2 = 0;
    this.lcpCase = 0;
  }
}

/**
 * Solves the 2x2 LCP of a two-point manifold's normal rows, vn = A x + b', vn ≥ 0, x ≥ 0, vn_i x_i = 0,
 * by total enumeration (docs/block-solver.md): both active, row 1 only, row 2 only, neither; the
 * first valid case is taken. b' = b - A a for accumulated impulses a, so x are the new totals.
 * @param k11 - A = [[k11, k12], [k12, k22]] and A⁻¹ = [[m11, m12], [m12, m22]] by entries
 * @param b1 - b'1 (and `b2`, b'2)
 * @param out - receives x1, x2 and the case
 * @returns the case taken (1..4, or -1)
 */
export function solveBlockLcp(
  k11: number,
  k12: number,
  k22: number,
  m11: number,
  m12: number,
  m22: number,
  b1: number,
  b2: number,
  out: BlockSolution,
): number {
  const s = scratch;
  s[0] = k11;
  s[1] = k12;
  s[2] = k22;
  s[3] = m11;
  s[4] = m12;
  s[5] = m22;
  s[6] = b1;
  s[7] = b2;
  const lcpCase = solveBlock(s, 0, 48);
  out.x1 = s[8];
  out.x2 = s[9];
  out.lcpCase = lcpCase;
  return lcpCase;
}

/** The block, b' and x of {@link solveBlockLcp} and {@link solveBlockLcpAt}. */
const scratch = /* @__PURE__ */ new Float64Array(10);

/**
 * {@link solveBlockLcp} on arrays: A and A⁻¹ from `k[offset]` on (as {@link buildBlock} writes
 * them), b' from `io[0..1]`; writes the totals x1, x2 to `io[2..3]`.
 * @returns the case taken (1..4, or -1 with x = 0)
 */
export function solveBlockLcpAt(k: Float64Array, offset: number, io: Float64Array): number {
  const s = scratch;
  for (let j = 0; j < 6; j++) s[j] = k[offset + j];
  s[6] = io[0];
  s[7] = io[1];
  const lcpCase = solveBlock(s, 0, 48);
  io[2] = s[8];
  io[3] = s[9];
  return lcpCase;
}

/**
 * Builds the 2x2 block K = J M⁻¹ Jᵀ of a two-point contact's normal rows (docs/block-solver.md) and
 * its inverse into `out[offset..offset + 5]` (k11, k12, k22, m11, m12, m22). The block is used only
 * if k11² < κ (k11 k22 - k12²), κ = {@link BLOCK_MAX_CONDITION}; otherwise (points nearly coinciding)
 * it writes zeros and the rows are solved one at a time.
 * @returns whether the block is usable
 */
export function buildBlock(
  mA: number,
  iA: number,
  mB: number,
  iB: number,
  rn1A: number,
  rn1B: number,
  rn2A: number,
  rn2B: number,
  out: Float64Array,
  offset: number,
): boolean {
  const arms = scratchArms;
  arms[0] = mA;
  arms[1] = iA;
  arms[2] = mB;
  arms[3] = iB;
  arms[4] = rn1A;
  arms[5] = rn1B;
  arms[6] = rn2A;
  arms[7] = rn2B;
  return buildBlockFrom(arms, 0, 4, 6, out, offset);
}

const scratchArms = /* @__PURE__ */ new Float64Array(8);

/**
 * {@link buildBlock} for hot loops, reading its inputs where a solver's rows hold them: mA, iA, mB, iB
 * from `src[masses..masses + 3]`, rn1A, rn1B from `src[arms1]`, `src[arms1 + 1]` and rn2A, rn2B
 * from `src[arms2]`, `src[arms2 + 1]` (no copy into a scratch array first). @internal
 */
export function buildBlockFrom(
  src: Float64Array,
  masses: number,
  arms1: number,
  arms2: number,
  out: Float64Array,
  offset: number,
): boolean {
  const mA = src[masses];
  const iA = src[masses + 1];
  const mB = src[masses + 2];
  const iB = src[masses + 3];
  const rn1A = src[arms1];
  const rn1B = src[arms1 + 1];
  const rn2A = src[arms2];
  const rn2B = src[arms2 + 1];
  const k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B;
  const k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B;
  const k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B;
  const det = k11 * k22 - k12 * k12;
  out[offset] = k11;
  out[offset + 1] = k12;
  out[offset + 2] = k22;
  if (k11 * k11 < BLOCK_MAX_CONDITION * det) {
    const invDet = 1 / det;
    out[offset + 3] = k22 * invDet;
    out[offset + 4] = -k12 * invDet;
    out[offset + 5] = k11 * invDet;
    return true;
  }
  out[offset + 3] = 0;
  out[offset + 4] = 0;
  out[offset + 5] = 0;
  return false;
}
