import type { SceneDef } from '@lite/scenes';

/**
 * A stack or pyramid "fell" when any box moved sideways by half a box or more (it left its column),
 * or the top box moved up or down by a whole box height or more (the column was crushed by more than a
 * box, or its top was thrown off). A standing stack of n boxes sinks only by its contacts' allowed
 * overlap (about 1 cm per contact in lite) or rises by its engine's contact skin (planck.js, Box2D).
 */
export const DRIFT_LIMIT = 0.5;
/** See {@link DRIFT_LIMIT}. */
export const SINK_LIMIT = 1;
/** A jointed scene "holds" while every pin's two anchor points stay closer than this, m. */
export const SEPARATION_LIMIT = 0.1;

/** Quality of a stack or pyramid at one instant. */
export interface StructureQuality {
  /** The largest sideways displacement of any dynamic box since the start, m. */
  maxDrift: number;
  /** How far the box tagged `top` sank since the start, m (negative if it rose). */
  topSink: number;
  /** `stands` or `fell` by {@link DRIFT_LIMIT} and {@link SINK_LIMIT}. */
  verdict: 'stands' | 'fell';
}

/** Quality of a jointed scene at one instant. */
export interface JointQuality {
  /** The largest distance between the two anchor points of any joint, m. */
  maxSeparation: number;
  /** `holds` or `broke` by {@link SEPARATION_LIMIT}. */
  verdict: 'holds' | 'broke';
}

/**
 * Judges a stack or pyramid from poses (3 numbers per body: x, y, angle) against the scene's initial
 * poses. Non-finite poses count as fallen.
 */
export function structureQuality(scene: SceneDef, poses: Float64Array): StructureQuality {
  let maxDrift = 0;
  let topSink = 0;
  let finite = true;
  for (let i = 0; i < scene.bodies.length; ++i) {
    const body = scene.bodies[i];
    if (body.type !== 'dynamic') continue;
    const x = poses[3 * i];
    const y = poses[3 * i + 1];
    if (!(Number.isFinite(x) && Number.isFinite(y))) finite = false;
    maxDrift = Math.max(maxDrift, Math.abs(x - body.x));
    if (body.tag === 'top') topSink = body.y - y;
  }
  const stands = finite && maxDrift < DRIFT_LIMIT && Math.abs(topSink) < SINK_LIMIT;
  return {
    maxDrift: finite ? maxDrift : Number.POSITIVE_INFINITY,
    topSink: finite ? topSink : Number.POSITIVE_INFINITY,
    verdict: stands ? 'stands' : 'fell',
  };
}

/**
 * The anchors of every revolute joint in each body's frame, from the scene's initial poses:
 * [lax, lay, lbx, lby] per joint. Distance joints are skipped (their anchors are meant to be apart).
 */
export function jointAnchors(scene: SceneDef): Float64Array {
  const out = new Float64Array(4 * scene.joints.length).fill(Number.NaN);
  scene.joints.forEach((j, k) => {
    if (j.kind !== 'revolute') return;
    const a = scene.bodies[j.bodyA];
    const b = scene.bodies[j.bodyB];
    for (const [body, offset] of [
      [a, 0],
      [b, 2],
    ] as const) {
      const c = Math.cos(body.angle ?? 0);
      const s = Math.sin(body.angle ?? 0);
      const dx = j.anchorX - body.x;
      const dy = j.anchorY - body.y;
      out[4 * k + offset] = c * dx + s * dy;
      out[4 * k + offset + 1] = -s * dx + c * dy;
    }
  });
  return out;
}

/**
 * The largest distance between the two world anchor points of any revolute joint, from poses and the
 * local anchors of {@link jointAnchors}. Non-finite poses give +Infinity.
 */
export function jointQuality(scene: SceneDef, anchors: Float64Array, poses: Float64Array): JointQuality {
  let maxSeparation = 0;
  for (let k = 0; k < scene.joints.length; ++k) {
    const j = scene.joints[k];
    if (j.kind !== 'revolute') continue;
    const ia = 3 * j.bodyA;
    const ib = 3 * j.bodyB;
    const ca = Math.cos(poses[ia + 2]);
    const sa = Math.sin(poses[ia + 2]);
    const cb = Math.cos(poses[ib + 2]);
    const sb = Math.sin(poses[ib + 2]);
    const lax = anchors[4 * k];
    const lay = anchors[4 * k + 1];
    const lbx = anchors[4 * k + 2];
    const lby = anchors[4 * k + 3];
    const pax = poses[ia] + ca * lax - sa * lay;
    const pay = poses[ia + 1] + sa * lax + ca * lay;
    const pbx = poses[ib] + cb * lbx - sb * lby;
    const pby = poses[ib + 1] + sb * lbx + cb * lby;
    const d = Math.hypot(pbx - pax, pby - pay);
    maxSeparation = Number.isFinite(d) ? Math.max(maxSeparation, d) : Number.POSITIVE_INFINITY;
  }
  return { maxSeparation, verdict: maxSeparation < SEPARATION_LIMIT ? 'holds' : 'broke' };
}
