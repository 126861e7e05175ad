// The 2x2 block solver's complementarity problem, shared by the kernels (inlined into the solve and
// restitution passes) and the classic solver, which calls its TypeScript form
// (`generated/block-lcp.ts`, written by `scripts/build-kernels.mjs` from this file).
import { F, setF } from './memory';

/**
 * Solves the 2x2 LCP of a two-point manifold's normal rows, vn = K x + b', vn ≥ 0, x ≥ 0,
 * vn_i x_i = 0, by total enumeration (docs/block-solver.md): both rows active, row 1 only, row 2
 * only, neither; the first valid case is taken. The block K (k11, k12, k22) and its inverse (m11,
 * m12, m22) are the six doubles at byte address k, b' the two at io; the new totals x go to io + 2
 * and io + 3. Returns the case taken (1 to 4), or -1 (x = 0) when none holds.
 */
// @ts-ignore: decorator
@inline export function solveBlockLcp(k: usize, io: usize): i32 {
  const k11 = F(k, 0);
  const k12 = F(k, 1);
  const k22 = F(k, 2);
  const m11 = F(k, 3);
  const m12 = F(k, 4);
  const m22 = F(k, 5);
  const b1 = F(io, 0);
  const b2 = F(io, 1);
  let lcpCase = -1;
  let x1 = 0.0;
  let x2 = 0.0;
  // Case 1: vn = 0 for both rows; 0 = K x + b' gives x = -K⁻¹ b'.
  const y1 = -(m11 * b1 + m12 * b2);
  const y2 = -(m12 * b1 + m22 * b2);
  if (y1 >= 0 && y2 >= 0) {
    lcpCase = 1;
    x1 = y1;
    x2 = y2;
  } else {
    // Case 2: vn1 = 0, x2 = 0; case 3: x1 = 0, vn2 = 0; case 4: x = 0, vn = b'.
    const only1 = -b1 / k11;
    const only2 = -b2 / k22;
    if (only1 >= 0 && k12 * only1 + b2 >= 0) {
      lcpCase = 2;
      x1 = only1;
    } else if (only2 >= 0 && k12 * only2 + b1 >= 0) {
      lcpCase = 3;
      x2 = only2;
    } else if (b1 >= 0 && b2 >= 0) {
      lcpCase = 4;
    }
  }
  setF(io, 2, x1);
  setF(io, 3, x2);
  return lcpCase;
}
