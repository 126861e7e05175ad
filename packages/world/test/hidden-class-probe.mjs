// Run by hidden-class.test.ts in a fresh Node process with --allow-natives-syntax, against the BUILT
// packages, once per check (`node --allow-natives-syntax hidden-class-probe.mjs map|optimised`):
// for each class whose numbers often start as whole numbers and stay put for a while (an unrotated
// body's cos 1 and sin 0, a body at a whole-metre position, boxes placed exactly touching at
// separation 0), and for the objects a world keeps and first changes in the middle of a run (its
// manifold, the solvers' gather and arrays, a body's solver slots), what happens when one object first
// gets fractions or new values. V8 keeps a field first written
// with an integer as a small integer (`map`: the object then moves to a new hidden class) and a
// field written only once as a constant (`optimised`: code that read it is thrown away), for the
// whole class; either throws away the optimised code of every function that read such a field (a
// large world's narrowphase, at the end of its first step). Each check needs a fresh process: the
// first fraction anywhere changes the class for good. Prints one JSON line.
import { Manifold, ManifoldPoint } from '../../collision/dist/index.js';
import {
  ContactConstraint,
  ContactGather,
  ContactSolver,
  SoftContactSolver,
  SolverBody,
} from '../../constraints/dist/index.js';
import { Rot, Vec2 } from '../../math/dist/index.js';

// V8's own functions (compiled from text: the syntax exists only with --allow-natives-syntax,
// which the test passes, so linters and editors never parse it).
const natives = (body) => new Function('f', body);
const prepare = natives('%PrepareFunctionForOptimization(f);');
const optimiseNext = natives('%OptimizeFunctionOnNextCall(f);');
const isOptimised = natives('return %ActiveTierIsTurbofan(f);');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b);');

/**
 * Optimises `read` on 100 objects from `make`, gives the sixth fractions with `change`, and
 * returns whether `read` is still optimised. Each class gets its own `read` (a fresh closure).
 */
function staysOptimised(make, read, change) {
  const objects = [];
  for (let i = 0; i < 100; i++) objects.push(make(i));
  prepare(read);
  let sum = 0;
  for (const o of objects) sum += read(o);
  optimiseNext(read);
  sum += read(objects[0]);
  if (!isOptimised(read)) throw new Error(`could not optimise the reader (${sum})`);
  change(objects[5]);
  return isOptimised(read);
}

/** Whether an object made by `make` keeps its hidden class when `change` gives it fractions. */
function keepsClass(make, change) {
  const untouched = make(1);
  const changed = make(1);
  change(changed);
  return haveSameMap(untouched, changed);
}

// One contact for the gathers.
const contact = new ContactConstraint(new SolverBody(1, 1), new SolverBody(2, 1));

const CLASSES = {
  Vec2: [
    (i) => new Vec2(i, 2),
    (v) => v.x + v.y,
    (v) => {
      v.x = 0.25;
      v.y = -0.75;
    },
  ],
  Rot: [
    () => new Rot(0),
    (q) => q.c * 2 + q.s,
    (q) => {
      q.c = 0.6;
      q.s = 0.8;
    },
  ],
  ManifoldPoint: [
    () => new ManifoldPoint(),
    (p) => p.x + p.y + p.separation + p.key,
    (p) => {
      p.x = 0.5;
      p.y = 0.25;
      p.separation = -0.01;
      p.key = 0x03000102;
    },
  ],
  // The world's manifold: the first normal off an axis, the first point count.
  Manifold: [
    () => new Manifold(),
    (m) => m.normalX + m.normalY + m.pointCount,
    (m) => {
      m.normalX = 0.6;
      m.normalY = 0.8;
      m.pointCount = 2;
    },
  ],
  // A gather outgrowing its first array.
  ContactGather: [
    () => new ContactGather(),
    (g) => g.ints.length + g.count,
    (g) => {
      for (let k = 0; k < 100; k++) g.add(contact, 1, 2);
    },
  ],
  // A solver outgrowing its first arrays, and its first deep overlap (the push pass's sub-step
  // stamp, read from a float array).
  SoftContactSolver: [
    () => new SoftContactSolver(),
    (v) => v.count + v.deepCount + v.deepStamp + v.rows.length,
    (v) => {
      v.grow(1000);
      v.deepCount = 3;
      v.deepStamp = new Float64Array([180])[0];
    },
  ],
  // The classic solver outgrowing its first arrays.
  ContactSolver: [
    () => new ContactSolver(),
    (v) => v.count + v.rows.length + v.pseudo.length,
    (v) => {
      v.growBodies(1000);
      v.growContacts(1000);
    },
  ],
  // A body's first solver slot.
  SolverBody: [
    (i) => new SolverBody(i, 0),
    (b) => b.solverSlot + b.solverStamp + b.scratchSlot,
    (b) => {
      b.solverSlot = 3;
      b.solverStamp = 7;
      b.scratchSlot = 2;
      b.scratchStamp = 7;
    },
  ],
};

const check = process.argv[2];
const result = {};
for (const [name, [make, read, change]] of Object.entries(CLASSES)) {
  result[name] = check === 'map' ? keepsClass(make, change) : staysOptimised(make, read, change);
}
console.log(JSON.stringify(result));
