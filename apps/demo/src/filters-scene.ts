/**
 * The testbed's filters scene: fixed rotation, a custom filter callback, a filter joint and a shape
 * filter changed at run time, side by side (installed by `src/game.ts` with the scene's world).
 */
import type { BodyDef } from '@lite/scenes';
import { type Body, FilterJoint, type World } from '@lite/world';
import type { DemoSceneDef } from './demo-scenes';
import { tagOf } from './simulation';

/** What the filters scene wires into its world: body indices into the scene's `bodies`. */
export interface FiltersDef {
  /** Bodies made with fixed rotation. */
  fixedRotation: number[];
  /** Two bodies joined by a filter joint (they pass through each other). */
  filterJoint: [number, number];
  /** A shelf whose shape's mask switches between none and all every `period` seconds. */
  trapdoor: { body: number; period: number };
}

/** The tag of bodies a custom filter callback lets pass through each other. */
export const GHOST = 'ghost';

/**
 * Left: two tall boxes dropped tilted, the second with fixed rotation (it lands on a corner and
 * stays tilted). Middle: balls tagged `ghost` that a custom filter callback lets pass through one
 * another (they still land on the ground) and plain balls that stack. Right: two boxes joined by a
 * filter joint, one dropped through the other; above, a trapdoor shelf whose filter opens every
 * `period` seconds and drops what lies on it.
 */
export function filtersScene(balls: number): DemoSceneDef {
  const bodies: BodyDef[] = [
    { type: 'static', width: 30, height: 1, x: 0, y: -0.5, friction: 0.6, tag: 'ground' },
    { type: 'dynamic', width: 0.6, height: 2, x: -9, y: 2, angle: 0.5, density: 1, friction: 0.6 },
    { type: 'dynamic', width: 0.6, height: 2, x: -6, y: 2, angle: 0.5, density: 1, friction: 0.6 },
    { type: 'dynamic', width: 1.2, height: 1.2, x: 6, y: 0.6, density: 1, friction: 0.6 },
    { type: 'dynamic', width: 1, height: 1, x: 6, y: 4, density: 1, friction: 0.6 },
    { type: 'static', width: 4, height: 0.3, x: 10, y: 4, friction: 0.6, tag: 'trapdoor' },
  ];
  for (let i = 0; i < 3; i++) {
    bodies.push({ type: 'dynamic', width: 0.7, height: 0.7, x: 8.8 + 1.2 * i, y: 4.5, density: 1 });
  }
  for (let i = 0; i < balls; i++) {
    // Alternate ghosts and plain balls in a loose column.
    bodies.push({
      type: 'dynamic',
      width: 0.8,
      height: 0.8,
      shapes: [{ type: 'circle', radius: 0.4 }],
      x: -1.5 + 1 * (i % 3) + 0.05 * (i % 2),
      y: 1 + 0.9 * i,
      density: 1,
      friction: 0.4,
      ...(i % 2 === 0 ? { tag: GHOST } : {}),
    });
  }
  return {
    id: 'filters',
    title: 'Filters and fixed rotation',
    description:
      'Left: two tilted boxes; the second has fixedRotation and stays tilted on its corner. ' +
      'Middle: balls tagged ghost pass through one another (world.setCustomFilterCallback) but not ' +
      'through the ground or the plain balls. Right: two boxes joined by a FilterJoint pass through ' +
      'each other; above, a shelf whose shape filter (shape.setFilter) opens every 3 s and drops its boxes.',
    gravity: { x: 0, y: -10 },
    iterations: 10,
    bodies,
    joints: [],
    camera: { x: 0, y: 4, height: 14 },
    filters: { fixedRotation: [2], filterJoint: [3, 4], trapdoor: { body: 5, period: 3 } },
  };
}

/** The filters scene's parts of one world: sets them up; `step` opens and closes the trapdoor. */
export class FilterParts {
  private readonly trapdoor: Body | null;
  private readonly period: number;

  constructor(world: World, def: FiltersDef, bodies: readonly (Body | null)[]) {
    for (const index of def.fixedRotation) {
      const body = bodies[index];
      if (body) body.fixedRotation = true;
    }
    const [a, b] = def.filterJoint.map((i) => bodies[i]);
    if (a && b) world.createJoint(FilterJoint, { bodyA: a, bodyB: b });
    world.setCustomFilterCallback(
      (shapeA, shapeB) => tagOf(shapeA.body) !== GHOST || tagOf(shapeB.body) !== GHOST,
    );
    this.trapdoor = bodies[def.trapdoor.body] ?? null;
    this.period = def.trapdoor.period;
  }

  /** Before step `steps + 1` of `dt`: the trapdoor opens (mask none) or shuts every period. */
  step(steps: number, dt: number): void {
    const period = Math.max(1, Math.round(this.period / dt));
    if (!this.trapdoor || steps === 0 || steps % period !== 0) return;
    const shape = this.trapdoor.shapes[0];
    shape.setFilter({ mask: shape.mask === 0 ? 0xffffffff : 0 });
  }
}
