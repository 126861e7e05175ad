import type { Body, World } from '@lite/world';

/**
 * What the sensors of the testbed's worlds report: each sensor body's count of overlapping shapes,
 * kept from the world's `sensorBegin` and `sensorEnd` events (the drawing lights a sensor while it
 * is above zero), and each world's event totals.
 */
const inside = new WeakMap<Body, number>();
const totals = new WeakMap<World, { begin: number; end: number }>();

/** Listens to `world`'s sensor events: counts the shapes inside each sensor body and the events. */
export function trackSensors(world: World): void {
  const counts = { begin: 0, end: 0 };
  totals.set(world, counts);
  world.on('sensorBegin', (sensor) => {
    counts.begin++;
    inside.set(sensor.body, (inside.get(sensor.body) ?? 0) + 1);
  });
  world.on('sensorEnd', (sensor) => {
    counts.end++;
    // After stepping back (a restored world) an end may come without its begin: never below 0.
    inside.set(sensor.body, Math.max(0, (inside.get(sensor.body) ?? 0) - 1));
  });
}

/** Whether something overlaps sensor body `body` (by its world's last events). */
export function sensorActive(body: Body): boolean {
  return (inside.get(body) ?? 0) > 0;
}

/** How many `sensorBegin` and `sensorEnd` events `world` emitted (zeros when not tracked). */
export function sensorEvents(world: World): { begin: number; end: number } {
  return totals.get(world) ?? { begin: 0, end: 0 };
}

/**
 * Forgets what `world`'s sensors held: a restored state has its own overlaps, which the events
 * after it report as they change.
 */
export function resetSensors(world: World): void {
  for (const body of world.bodies) inside.delete(body);
}
