import { Factor, Index, Meta, Param, Pt, Row } from './layout';

/**
 * Of the two chainable contacts of body slot `y` (`slotContacts`, see `beginChains`), the one that is
 * not `c`. Both are read (docs/performance.md, "Code that never ran").
 */
export function otherContactOf(slotContacts: Int32Array, y: number, c: number): number {
  const first = slotContacts[2 * y];
  const second = slotContacts[2 * y + 1];
  return first === c ? second : first;
}

/** The slot of contact `i`'s body other than `slot` (body A's when `slot` is neither). */
export function otherSlot(meta: Int32Array, i: number, slot: number): number {
  const m = (i & Index.Mask) * Meta.Stride;
  const a = meta[m + Meta.SlotA];
  return a === slot ? meta[m + Meta.SlotB] : a;
}

/**
 * The block elimination of one chain's matrix (positions `start` to `end` - 1 of `order`; see
 * `solveChain` in assembly/chain.ts) into `factors` (see `Factor`), with the compliance in
 * `params[Compliance]`: D' = D - E U_prev with E = U_prevᵀ D'_prev⁻¹ down the chain (the Thomas
 * algorithm's forward sweep on the matrix alone). Returns false when a block D' is not positive
 * definite (det ≤ 0): the chain is then solved contact by contact.
 */
export function factorChain(
  rows: Float64Array,
  meta: Int32Array,
  order: Int32Array,
  shared: Int32Array,
  factors: Float64Array,
  params: Float64Array,
  start: number,
  end: number,
): boolean {
  const compliance = params[Param.Compliance];
  for (let k = start; k < end; k++) {
    const i = order[k];
    const r = (i & Index.Mask) * Row.Stride;
    const m = (i & Index.Mask) * Meta.Stride;
    const two = meta[m + Meta.PointCount] === 2;
    // A chain held at both ends by static or kinematic bodies has more rows than its bodies can
    // take (the load may shift between the two supports): there each row is a stiff spring, a CFM
    // γ = K_ii · compliance, which picks the spring solution; other chains are rigid.
    const g1 = (1 / rows[r + Row.Point0 + Pt.NormalMass]) * compliance;
    const g2 = two ? (1 / rows[r + Row.Point1 + Pt.NormalMass]) * compliance : 0;
    let d11 = (two ? rows[r + Row.K11] : 1 / rows[r + Row.Point0 + Pt.NormalMass]) + g1;
    let d12 = two ? rows[r + Row.K12] : 0;
    let d22 = two ? rows[r + Row.K22] + g2 : 1;
    const f = Factor.Stride * (k & Index.Mask);
    if (k > start) {
      // E = Uᵀ D'⁻¹ of the previous position; D' = D - E U.
      const p = f - Factor.Stride;
      const a = factors[p + Factor.D11];
      const b = factors[p + Factor.D12];
      const c = factors[p + Factor.D22];
      const det = factors[p + Factor.Det];
      const inv = 1 / det;
      // D'⁻¹ = [c -b; -b a] / det; U = [u11 u12; u21 u22] (rows: previous, cols: this).
      const u11 = factors[p + Factor.U11];
      const u12 = factors[p + Factor.U12];
      const u21 = factors[p + Factor.U21];
      const u22 = factors[p + Factor.U22];
      // Uᵀ D'⁻¹: row 1 = (u11, u21) D'⁻¹, row 2 = (u12, u22) D'⁻¹.
      const e11 = (u11 * c - u21 * b) * inv;
      const e12 = (-u11 * b + u21 * a) * inv;
      const e21 = (u12 * c - u22 * b) * inv;
      const e22 = (-u12 * b + u22 * a) * inv;
      d11 -= e11 * u11 + e12 * u21;
      d12 -= e11 * u12 + e12 * u22;
      d22 -= e21 * u12 + e22 * u22;
      factors[f + Factor.E11] = e11;
      factors[f + Factor.E12] = e12;
      factors[f + Factor.E21] = e21;
      factors[f + Factor.E22] = e22;
    }
    const det = d11 * d22 - d12 * d12;
    if (!(det > 0)) return false;
    factors[f + Factor.D11] = d11;
    factors[f + Factor.D12] = d12;
    factors[f + Factor.D22] = d22;
    factors[f + Factor.Det] = det;
    factors[f + Factor.G1] = g1;
    factors[f + Factor.G2] = g2;
    if (k + 1 < end) {
      // The coupling with the next contact through the body they share.
      const body = shared[k];
      const i2 = order[k + 1];
      const r2 = (i2 & Index.Mask) * Row.Stride;
      const m2 = (i2 & Index.Mask) * Meta.Stride;
      const two2 = meta[m2 + Meta.PointCount] === 2;
      const onB = meta[m + Meta.SlotB] === body;
      const onB2 = meta[m2 + Meta.SlotB] === body;
      const sign = onB === onB2 ? 1 : -1;
      const mass = onB ? rows[r + Row.MassB] : rows[r + Row.MassA];
      const inertia = onB ? rows[r + Row.InvIB] : rows[r + Row.InvIA];
      const nn =
        rows[r + Row.NormalX] * rows[r2 + Row.NormalX] + rows[r + Row.NormalY] * rows[r2 + Row.NormalY];
      const rn1 = rows[r + Row.Point0 + (onB ? Pt.RnB : Pt.RnA)];
      const rn2 = two ? rows[r + Row.Point1 + (onB ? Pt.RnB : Pt.RnA)] : 0;
      const rm1 = rows[r2 + Row.Point0 + (onB2 ? Pt.RnB : Pt.RnA)];
      const rm2 = two2 ? rows[r2 + Row.Point1 + (onB2 ? Pt.RnB : Pt.RnA)] : 0;
      const base = mass * nn;
      factors[f + Factor.U11] = sign * (base + inertia * rn1 * rm1);
      factors[f + Factor.U12] = two2 ? sign * (base + inertia * rn1 * rm2) : 0;
      factors[f + Factor.U21] = two ? sign * (base + inertia * rn2 * rm1) : 0;
      factors[f + Factor.U22] = two && two2 ? sign * (base + inertia * rn2 * rm2) : 0;
    }
  }
  return true;
}
