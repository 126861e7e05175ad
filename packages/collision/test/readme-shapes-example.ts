import {
  collide,
  computeMass,
  DistanceOutput,
  Manifold,
  MassData,
  makeBoxPolygon,
  makeCapsule,
  makeCircle,
  makePolygon,
  Sweep,
  shapeDistance,
  TOIOutput,
  timeOfImpact,
} from '@lite/collision';
import { Transform } from '@lite/math';

// Shapes are plain data in the body's frame; `type` tells them apart.
const ground = makeBoxPolygon(20, 1); // a 4-gon; { type: 'box', width: 20, height: 1 } works too
const ball = makeCircle(0.5);
const pill = makeCapsule({ x: -0.5, y: 0 }, { x: 0.5, y: 0 }, 0.25);
const wedge = makePolygon(
  [
    { x: -1, y: 0 },
    { x: 1, y: 0 },
    { x: 0, y: 1 },
    { x: 0, y: 0.2 }, // inside: not a hull vertex
  ],
  0.05, // rounded
);
const groundPose = new Transform(0, -0.5, 0); // top face at y = 0

// Any pair: the same Manifold as collideBoxes. Points up to `margin` apart are kept (speculative).
const m = new Manifold();
const margin = 0.02;
collide(ground, groundPose, ball, new Transform(2, 0.49, 0), m, margin);
console.log('ball', m.pointCount, m.normalY, m.points[0].separation.toFixed(3));
collide(ground, groundPose, pill, new Transform(0, 0.26, 0), m, margin);
console.log('pill', m.pointCount, m.points[0].separation.toFixed(3), m.points[1].separation.toFixed(3));
console.log('wedge', wedge.vertices.length);

// Mass, distance and time of impact.
const mass = computeMass(ball, 2, new MassData());
console.log('mass', mass.mass.toFixed(4), mass.rotationalInertia.toFixed(4));
const d = shapeDistance(ball, new Transform(0, 2, 0), wedge, new Transform(0, 0, 0), new DistanceOutput());
console.log('distance', d.distance.toFixed(4));
// The ball falls 10 m in one step, straight through the ground if stepped discretely.
const toi = timeOfImpact(
  ground,
  new Sweep(0, -0.5, 0),
  ball,
  new Sweep(3, 5, 0, 3, -5, 0),
  1,
  new TOIOutput(),
);
console.log('toi', toi.state, toi.fraction.toFixed(4));
