import { describe, expect, it } from 'vitest';
import { FixedStepClock } from '../src/fixed-step';

/** Runs `seconds` of display time at `hz` and returns the number of steps taken. */
function simulate(clock: FixedStepClock, hz: number, seconds: number): number {
  let steps = 0;
  const frames = Math.round(hz * seconds);
  for (let i = 0; i < frames; i++) steps += clock.advance(1 / hz);
  return steps;
}

describe('FixedStepClock', () => {
  it('runs 60 steps per second of display time at 30, 60, 75, 144 and 240 Hz', () => {
    for (const hz of [30, 60, 75, 144, 240]) {
      const steps = simulate(new FixedStepClock(1 / 60, 4), hz, 10);
      // 600 steps in 10 s; the accumulator may still hold less than one step.
      expect(steps, `${hz} Hz`).toBeGreaterThanOrEqual(599);
      expect(steps, `${hz} Hz`).toBeLessThanOrEqual(600);
    }
  });

  it('takes exactly one step per 1/60 s frame', () => {
    const clock = new FixedStepClock(1 / 60, 4);
    for (let i = 0; i < 1000; i++) expect(clock.advance(1 / 60)).toBe(1);
  });

  it('caps the steps of a long frame and drops the rest', () => {
    const clock = new FixedStepClock(1 / 60, 4);
    expect(clock.advance(1)).toBe(4);
    expect(clock.accumulator).toBe(0);
    expect(clock.advance(1 / 60)).toBe(1);
  });

  it('takes at most the cap a frame asks for, dropping the rest', () => {
    const clock = new FixedStepClock(1 / 60, 4);
    expect(clock.advance(3 / 60, 1)).toBe(1);
    expect(clock.accumulator).toBe(0);
    expect(clock.advance(1 / 60, 1)).toBe(1);
    expect(clock.advance(3 / 60)).toBe(3);
  });

  it('keeps the remainder for the next frame', () => {
    const clock = new FixedStepClock(0.01, 10);
    expect(clock.advance(0.025)).toBe(2);
    expect(clock.accumulator).toBeCloseTo(0.005, 12);
    expect(clock.advance(0.005)).toBe(1);
  });

  it('ignores negative and non-finite frame times', () => {
    const clock = new FixedStepClock();
    expect(clock.advance(-1)).toBe(0);
    expect(clock.advance(Number.NaN)).toBe(0);
    expect(clock.advance(Number.POSITIVE_INFINITY)).toBe(0);
    expect(clock.accumulator).toBe(0);
  });

  it('refuses a bad step or cap', () => {
    expect(() => new FixedStepClock(0)).toThrow(/dt = 0/);
    expect(() => new FixedStepClock(1 / 60, 0)).toThrow(/maxStepsPerFrame = 0/);
  });
});
