// Run by hidden-class.test.ts in a fresh Node process with --allow-natives-syntax, against the BUILT
// packages: for each class whose numbers often start as integers (an unrotated body's cos 1 and
// sin 0, boxes placed exactly touching at separation 0, whole-metre positions), whether an object
// of it keeps its hidden class when those numbers become fractions. V8 keeps a field first written
// with an integer as a small integer for the whole class; the first fraction written there later
// moves the class to a new layout and throws away the optimised code of every function that read
// such a field (a large world's narrowphase, in its second step). Prints one JSON line.
import { ManifoldPoint } from '../../collision/dist/index.js';
import { Rot, Transform, Vec2 } from '../../math/dist/index.js';

// V8's own test of two objects' hidden classes (compiled from text: the syntax exists only with
// --allow-natives-syntax, which the test passes, so linters and editors never parse it).
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b);');

/** Whether an object made by `make` and then given fractions by `set` keeps `make`'s hidden class. */
function keepsClass(make, set) {
  const untouched = make();
  const changed = make();
  set(changed);
  return haveSameMap(untouched, changed);
}

console.log(
  JSON.stringify({
    Vec2: keepsClass(
      () => new Vec2(1, 2),
      (v) => {
        v.x = 0.25;
        v.y = -0.75;
      },
    ),
    Rot: keepsClass(
      () => new Rot(0),
      (q) => {
        q.c = 0.6;
        q.s = 0.8;
      },
    ),
    Transform: keepsClass(
      () => new Transform(3, 0, 0),
      (xf) => {
        xf.p.x = 3.5;
        xf.q.c = 0.6;
        xf.q.s = 0.8;
      },
    ),
    ManifoldPoint: keepsClass(
      () => new ManifoldPoint(),
      (p) => {
        p.x = 0.5;
        p.y = 0.25;
        p.separation = -0.01;
      },
    ),
  }),
);
