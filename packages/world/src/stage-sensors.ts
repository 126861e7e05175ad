import { shapeDistance } from '@lite/collision';
import { sortById, truncate } from './contact-list';
import { SENSOR_BEGIN, SENSOR_END } from './events';
import { type BodyShape, shouldShapesCollide } from './shape';
import { computeAABB } from './stage-finish';
import type { StepState } from './step-state';

/** At the step's end each sensor, in id order, queues `sensorBegin` and `sensorEnd` in shape-id order. */
export function updateSensors(s: StepState): void {
  const sensors = s.sensors;
  for (let i = 0, n = sensors.length; i < n; ++i) {
    const sensor = sensors[i];
    const body = sensor.owner!;
    const next = sensor.overlapsNext;
    truncate(next, 0);
    computeAABB(sensor, body.transform, s.queryBox);
    s.sensorShape = sensor;
    s.broadPhase.query(s.queryBox, s.collectSensorOverlap);
    s.sensorShape = null;
    sortById(next);
    const old = sensor.overlaps;
    let p = 0;
    let q = 0;
    while (p < old.length || q < next.length) {
      if (q >= next.length || (p < old.length && old[p].id < next[q].id)) {
        s.sensorEvents.push(SENSOR_END, sensor, old[p++]);
      } else if (p >= old.length || next[q].id < old[p].id) {
        s.sensorEvents.push(SENSOR_BEGIN, sensor, next[q++]);
      } else {
        p++;
        q++;
      }
    }
    sensor.overlaps = next;
    sensor.overlapsNext = old;
  }
}

/** The sensors' broadphase callback (made once per world). */
export function makeSensorCollector(s: StepState): (proxyId: number) => boolean {
  return (proxyId: number): boolean => {
    const sensor = s.sensorShape as BodyShape;
    const shape = s.proxyShapes[proxyId] as BodyShape;
    const body = shape.owner;
    const sensorBody = sensor.owner;
    if (body === null || sensorBody === null || body === sensorBody || shape.sensor) return true;
    if (!shouldShapesCollide(sensor, shape)) return true;
    shapeDistance(sensor.geometry, sensorBody.transform, shape.geometry, body.transform, s.distanceOutput);
    if (s.distanceOutput.distance <= 0) sensor.overlapsNext.push(shape);
    return true;
  };
}
