import { describe, expect, it } from 'vitest';
import {
  DistanceJoint,
  FilterJoint,
  type Joint,
  MotorJoint,
  MouseJoint,
  PrismaticJoint,
  RevoluteJoint,
  WeldJoint,
  WheelJoint,
  World,
} from '../src/index';
import { jointSchemas } from '../src/snapshot-joints';

/**
 * Fields of a joint that a snapshot does not carry as fields: written apart (the id, the kind, the
 * bodies, collideConnected), not saved (userData, the world) or bound anew by every prepare (the
 * chain links, the bodies' places in the packed velocities).
 */
const NOT_FIELDS = new Set(
  (
    'id kind bodyA bodyB body world userData collideConnected chainPrev chainNext chainBody ' +
    'velocityA velocityB velocity'
  ).split(' '),
);

/** A joint's own fields and, one level down, those of its members holding only numbers, booleans, strings. */
function ownFields(joint: Joint): string[] {
  const typeOf = (v: unknown) => ['number', 'boolean', 'string'].indexOf(typeof v);
  const paths: string[] = [];
  for (const [key, value] of Object.entries(joint)) {
    if (NOT_FIELDS.has(key)) continue;
    if (typeOf(value) >= 0) paths.push(`${key}:${typeOf(value)}`);
    else if (value !== null && typeof value === 'object') {
      const members = Object.entries(value);
      expect(
        members.every(([, v]) => typeOf(v) >= 0),
        `${key} holds plain values`,
      ).toBe(true);
      for (const [k, v] of members) paths.push(`${key}.${k}:${typeOf(v)}`);
    } else throw new Error(`${key} is neither a plain value nor a member of plain values`);
  }
  return paths;
}

/** One joint of every kind, each with its optional parts (springs, limits, motors) on. */
function everyKind(): Joint[] {
  const world = new World();
  const ground = world.createBody({ type: 'static', width: 20, height: 1 });
  const a = world.createBody({ width: 1, height: 1, position: { x: 0, y: 3 } });
  const b = world.createBody({ width: 1, height: 1, position: { x: 1, y: 3 } });
  const anchor = { x: 0.5, y: 3 };
  return [
    world.createJoint(DistanceJoint, {
      bodyA: a,
      bodyB: b,
      anchorA: a.position,
      anchorB: b.position,
      minLength: 0.5,
      maxLength: 2,
      frequencyHz: 3,
      enableMotor: true,
      maxMotorForce: 5,
    }),
    world.createJoint(RevoluteJoint, {
      bodyA: ground,
      bodyB: a,
      anchor,
      lowerAngle: -1,
      upperAngle: 1,
      maxMotorTorque: 2,
      springHertz: 2,
    }),
    world.createJoint(MouseJoint, { body: a, target: { x: 0, y: 4 } }),
    world.createJoint(PrismaticJoint, {
      bodyA: ground,
      bodyB: a,
      anchor,
      axis: { x: 1, y: 0 },
      lowerTranslation: -1,
      upperTranslation: 1,
      maxMotorForce: 3,
      frequencyHz: 2,
    }),
    world.createJoint(WeldJoint, { bodyA: a, bodyB: b, anchor, linearFrequencyHz: 4, angularFrequencyHz: 2 }),
    world.createJoint(WheelJoint, { bodyA: a, bodyB: b, anchor, axis: { x: 0, y: 1 }, maxMotorTorque: 1 }),
    world.createJoint(MotorJoint, { bodyA: a, bodyB: b, maxForce: 5, maxTorque: 1 }),
    world.createJoint(FilterJoint, { bodyA: a, bodyB: b }),
  ];
}

describe("joints' snapshot schemas (each kind's `fields`)", () => {
  it('list every field of every kind, with its type: no state is left out of a snapshot', () => {
    for (const joint of everyKind()) {
      const schema = jointSchemas(joint.kind)[0];
      const listed = schema.paths.map((path: string, i: number) => `${path}:${schema.types[i]}`);
      // A field the schema does not list (or lists with another type) shows here by name.
      expect([...listed].sort(), `${joint}`).toEqual(ownFields(joint).sort());
      expect(new Set(listed).size, `${joint}: a field listed twice`).toBe(listed.length);
    }
  });

  it('keep the format: the schema hashes every snapshot holds, and those of the kinds before their added fields', () => {
    const hashes = [0, 1, 2, 3, 4, 5, 6, 7].map((kind) =>
      jointSchemas(kind).map((s: { hash: number }) => s.hash),
    );
    expect(hashes).toEqual([
      [2043782783, 1098446064],
      [3550425595, 25603429],
      [3218818767],
      [3509616797],
      [1491311142],
      [1085969629],
      [631888073],
      [647973422],
    ]);
  });
});
