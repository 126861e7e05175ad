import { Box, collideBoxes, Manifold } from '@lite/collision';
import {
  ContactConstraint,
  prepareContacts,
  relaxContacts,
  SolverBody,
  SolverSettings,
  solveContacts,
} from '@lite/constraints';
import { Transform } from '@lite/math';

// Two bodies and no world: a static slab and a 1 m box of 2 kg dropped onto it.
const settings = new SolverSettings(); // every technique on, as in Box2D-Lite, plus the block solver
const ground = new SolverBody(0, -0.5); // invMass = invI = 0: static
const box = new SolverBody(0, 2).setBoxMass(1, 1, 2);
const groundShape = new Box(20, 1);
const boxShape = new Box(1, 1);
const groundXf = new Transform(0, -0.5, 0);
const boxXf = new Transform();
const manifold = new Manifold();
const contacts = [new ContactConstraint(ground, box, 0.5, 0)]; // friction 0.5, restitution 0
const dt = 1 / 60;

for (let step = 0; step < 120; step++) {
  // Collide, and hand the manifold over: impulses are carried by feature key.
  boxXf.set(box.position.x, box.position.y, box.angle);
  collideBoxes(groundShape, groundXf, boxShape, boxXf, manifold);
  contacts[0].update(manifold, settings);
  // Gravity, then prepare (with warm start) and ten iterations.
  box.linearVelocity.y -= 10 * dt;
  prepareContacts(contacts, 1, 1 / dt, settings);
  for (let i = 0; i < 10; i++) solveContacts(contacts, 1, settings);
  // Move, then take back the velocity the position correction left.
  box.position.x += dt * box.linearVelocity.x;
  box.position.y += dt * box.linearVelocity.y;
  box.angle += dt * box.angularVelocity;
  relaxContacts(contacts, 1, settings);
}

const [p1, p2] = contacts[0].points;
// Resting 1 cm deep (the slop) and carrying its weight, m g = 20 N: prints "0.490 20.000".
console.log(box.position.y.toFixed(3), ((p1.normalImpulse + p2.normalImpulse) / dt).toFixed(3));
