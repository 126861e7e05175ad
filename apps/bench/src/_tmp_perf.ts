import { World } from '@lite/world';

const base = Number(process.argv[2] ?? 20),
  steps = Number(process.argv[3] ?? 300);
const world = new World({ gravity: { x: 0, y: -10 }, iterations: 10 });
world.settings.sleeping = false;
world.createBody({ type: 'static', width: 400, height: 20, position: { x: 0, y: -10 }, friction: 0.6 });
for (let row = 0; row < base; row++)
  for (let i = 0; i < base - row; i++)
    world.createBody({
      width: 1,
      height: 1,
      mass: 1,
      friction: 0.6,
      position: { x: -(base - row) / 2 + 0.5 + i, y: 0.5 + row },
    });
const times: number[] = [];
for (let s = 0; s < steps; s++) {
  const t = performance.now();
  world.step(1 / 60);
  times.push(performance.now() - t);
}
times.shift();
times.sort((a, b) => a - b);
console.log(
  `pyramid${base}: median ${times[times.length >> 1].toFixed(3)} ms/step, p95 ${times[Math.floor(times.length * 0.95)].toFixed(3)}`,
);
