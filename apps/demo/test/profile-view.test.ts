import { PROFILE_STAGES, World } from '@lite/world';
import { describe, expect, it } from 'vitest';
import {
  FrameTimes,
  frameReadout,
  niceCeiling,
  PROFILE_BANDS,
  RealTimeMeter,
  StepHistory,
} from '../src/profile-view';

describe('step-time profile', () => {
  it('puts every stage but the total in exactly one band (the last band is the rest of the total)', () => {
    expect(PROFILE_BANDS[PROFILE_BANDS.length - 1].stages).toEqual([]);
    const banded = PROFILE_BANDS.flatMap((band) => band.stages);
    expect([...banded].sort()).toEqual(PROFILE_STAGES.filter((stage) => stage !== 'total').sort());
  });

  it('sums each band over the worlds, and the bands stack up to the worlds’ totals', () => {
    const worlds = [new World({ profile: true }), new World({ profile: true })];
    for (const world of worlds) {
      world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
      for (let i = 0; i < 10; i++) world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 + i } });
      world.step(1 / 60);
    }
    const history = new StepHistory(4);
    history.push(worlds);
    expect(history.count).toBe(1);
    const total = worlds.reduce((sum, w) => sum + w.profile.total, 0);
    // The bar is the whole step: the stages plus the rest of the total (the last band).
    expect(history.total(0)).toBeCloseTo(total, 9);
    expect(history.at(0, PROFILE_BANDS.length - 1)).toBeGreaterThanOrEqual(0);
    const collide = PROFILE_STAGES.indexOf('collide');
    const band = PROFILE_BANDS.findIndex((b) => b.label === 'collide');
    expect(history.at(0, band)).toBe(worlds[0].profile.times[collide] + worlds[1].profile.times[collide]);
  });

  it("gives each band's mean and max over the stored steps", () => {
    const world = new World({ profile: true });
    world.createBody({ type: 'static', width: 20, height: 1, position: { x: 0, y: -0.5 } });
    for (let i = 0; i < 10; i++) world.createBody({ width: 1, height: 1, position: { x: 0, y: 0.5 + i } });
    const history = new StepHistory(3);
    expect([history.mean(0), history.max(0)]).toEqual([0, 0]);
    for (let i = 0; i < 5; i++) {
      world.step(1 / 60);
      history.push([world]);
    }
    for (let band = 0; band < PROFILE_BANDS.length; band++) {
      const kept = [0, 1, 2].map((i) => history.at(i, band));
      expect(history.mean(band)).toBeCloseTo((kept[0] + kept[1] + kept[2]) / 3, 12);
      expect(history.max(band)).toBe(Math.max(...kept));
    }
  });

  it('keeps the last `capacity` steps, oldest first', () => {
    const fake = (ms: number) => {
      const times = new Float64Array(PROFILE_STAGES.length);
      times[PROFILE_STAGES.indexOf('solve')] = ms;
      times[PROFILE_STAGES.indexOf('total')] = ms;
      return { profile: { times } } as unknown as World;
    };
    const history = new StepHistory(3);
    for (let i = 1; i <= 5; i++) history.push([fake(i)]);
    expect(history.count).toBe(3);
    expect([0, 1, 2].map((i) => history.total(i))).toEqual([3, 4, 5]);
    history.clear();
    expect(history.count).toBe(0);
  });

  it('rounds the scale up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0.5)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(1.01)).toBe(2);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(16.7)).toBe(20);
    expect(niceCeiling(51)).toBe(100);
  });

  it('measures frames per second and the speed against real time', () => {
    const meter = new RealTimeMeter(1);
    for (let i = 0; i < 120; i++) meter.frame(1 / 60, 1 / 60, true);
    expect(meter.fps).toBeCloseTo(60, 6);
    expect(meter.speed).toBeCloseTo(1, 9);
    expect(meter.behind).toBe(false);
    // Half the frames step: half speed, behind.
    for (let i = 0; i < 120; i++) meter.frame(1 / 60, i % 2 === 0 ? 1 / 60 : 0, true);
    expect(meter.speed).toBeCloseTo(0.5, 1);
    expect(meter.behind).toBe(true);
    // Paused frames do not count against it.
    for (let i = 0; i < 120; i++) meter.frame(1 / 60, 0, false);
    expect(meter.speed).toBe(1);
    expect(meter.behind).toBe(false);
  });
});

describe('frame times', () => {
  it('splits each frame into its timed parts and the rest, which add up to the frame', () => {
    const times = new FrameTimes(4);
    times.begin(1000); // the first frame: no interval before it
    times.current.step += 20;
    times.current.snapshot += 1;
    times.current.draw += 3;
    times.end(1025);
    times.begin(1050); // 50 ms: 20 + 1 + 3 + 1 (the panel: the script's rest) + 25 outside the script
    expect(times.count).toBe(1);
    expect(times.means()).toEqual({ frame: 50, step: 20, snapshot: 1, draw: 3, panel: 1, rest: 25 });
    times.current.step += 10;
    times.end(1060);
    times.begin(1070);
    const m = times.means();
    expect(m.frame).toBe(35);
    expect(m.step).toBe(15);
    expect(m.step + m.snapshot + m.draw + m.panel + m.rest).toBeCloseTo(m.frame, 9);
    expect(frameReadout(m)).toBe(
      '35.0 ms = step 15.0 + snapshot 0.5 + draw 1.5 + panel 0.5 + rest 17.5 (painting, idle)',
    );
  });

  it('keeps the last frames only, and forgets them on clear (the next frame has no interval)', () => {
    const times = new FrameTimes(2);
    for (let i = 0; i <= 5; i++) {
      times.begin(10 * i * i);
      times.end(10 * i * i);
    }
    expect(times.count).toBe(2);
    expect(times.means().frame).toBe((70 + 90) / 2);
    times.clear();
    expect(times.count).toBe(0);
    expect(times.means()).toEqual({ frame: 0, step: 0, snapshot: 0, draw: 0, panel: 0, rest: 0 });
    times.begin(1000);
    times.begin(1016);
    expect(times.count).toBe(1);
  });
});
