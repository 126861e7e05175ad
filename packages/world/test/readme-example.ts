import { RevoluteJoint, World } from '@lite/world';

// Gravity (0, -10) and the soft step (4 sub-steps); `solver: new ClassicSolver()` gives Box2D-Lite's solver.
const world = new World({ gravity: { x: 0, y: -10 } });

// Sizes are full width and height; positions are box centres.
const ground = world.createBody({ type: 'static', width: 100, height: 20, position: { x: 0, y: -10 } });
const box = world.createBody({ width: 1, height: 1, mass: 1, position: { x: 0, y: 4 }, friction: 0.2 });

// A 2 m pendulum, pinned to the ground body at a world anchor.
const bob = world.createBody({ width: 0.5, height: 0.5, density: 4, position: { x: 2, y: 8 } });
world.createJoint(RevoluteJoint, { bodyA: ground, bodyB: bob, anchor: { x: 0, y: 8 } });

world.on('beginContact', (contact) => console.log('begin', contact.bodyA.id, contact.bodyB.id));

for (let i = 0; i < 180; ++i) world.step(1 / 60);

console.log('box', box.position.y.toFixed(3), box.awake ? 'awake' : 'asleep');
console.log('bob', Math.hypot(bob.position.x, bob.position.y - 8).toFixed(3));
const hit = world.rayCast({ x: 0, y: 10 }, { x: 0, y: -5 });
console.log('ray', hit?.body === box, hit?.point.y.toFixed(3));
