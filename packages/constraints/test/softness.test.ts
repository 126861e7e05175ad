/**
 * Soft constraints: the γ, β of the implicit-Euler derivation make the solver's row reproduce an
 * implicit-Euler spring-damper step for step; the frequency form equals the stiffness form; and
 * Box2D-Lite's softness is γ dt.
 */
import { describe, expect, test } from 'vitest';
import {
  box2dLiteSoftness,
  DistanceJoint,
  dampingRate,
  Softness,
  softnessFromFrequency,
  softnessFromSpring,
} from '../src/index';
import { Harness } from './harness';

describe('softness helpers', () => {
  test('γ = 1 / (dt (c + dt k)), β = dt k / (c + dt k) with k = m ω², c = 2 m ζ ω (c frequency-matched)', () => {
    const m = 3;
    const f = 2;
    const zeta = 0.3;
    const dt = 1 / 60;
    const omega = 2 * Math.PI * f;
    const k = m * omega * omega;
    // The damper the row is built with: about 2 m ζ ω, matched to keep the frequency (tested below).
    const c = m * dampingRate(omega, zeta, dt);
    const s = softnessFromFrequency(new Softness(), f, zeta, m, dt);
    expect(s.gamma).toBeCloseTo(1 / (dt * (c + dt * k)), 10);
    expect(s.beta).toBeCloseTo((dt * k) / (c + dt * k), 12);
    expect(s.biasRate).toBeCloseTo(k / (c + dt * k), 10);
    expect(s.massScale).toBeCloseTo(1 / (1 + s.gamma * m), 12);
    expect(s.impulseScale).toBeCloseTo((s.gamma * m) / (1 + s.gamma * m), 12);
    const fromSpring = softnessFromSpring(new Softness(), k, c, m, dt);
    expect(fromSpring.gamma).toBeCloseTo(s.gamma, 10);
    expect(fromSpring.beta).toBeCloseTo(s.beta, 12);
    expect(fromSpring.massScale).toBeCloseTo(s.massScale, 12);
    expect(fromSpring.impulseScale).toBeCloseTo(s.impulseScale, 12);
    // Box2D-Lite's softness 1 / (c + dt k) is γ dt: off by one factor of dt (units 1/kg vs s/kg).
    expect(box2dLiteSoftness(k, c, dt)).toBeCloseTo(s.gamma * dt, 10);
  });

  test('the matched damper makes the implicit-Euler step turn by exactly ω dt √(1 - ζ²), stably', () => {
    let checked = 0;
    for (const dt of [1 / 30, 1 / 60, 1 / 240]) {
      for (const f of [0.5, 2, 5, 9]) {
        for (const zeta of [0, 0.1, 0.5, 0.9]) {
          const omega = 2 * Math.PI * f;
          const x = omega * dt;
          const rate = dampingRate(omega, zeta, dt);
          if (rate === 2 * zeta * omega) continue; // the nominal fallback: checked below
          const alpha = rate * dt;
          // One step per unit mass, with D = 1 + α + x²: v₂ = (v₁ - h ω² C₁) / D and
          // C₂ = C₁ + h v₂ = ((1 + α) C₁ + h v₁) / D. The matrix [[(1 + α)/D, h/D],
          // [-h ω²/D, 1/D]] has trace (2 + α)/D and determinant 1/D; its eigenvalues' argument is
          // arccos((trace / 2) / √det) and their modulus √det.
          const d = 1 + alpha + x * x;
          const angle = Math.acos((2 + alpha) / d / 2 / Math.sqrt(1 / d));
          expect(angle, `dt ${dt} f ${f} ζ ${zeta}`).toBeCloseTo(x * Math.sqrt(1 - zeta * zeta), 9);
          expect(1 / d, 'stable').toBeLessThan(1);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    // Nothing to match: no oscillation (ζ >= 1), no spring, or a spring too stiff for the step.
    expect(dampingRate(10, 1, 1 / 60)).toBe(20);
    expect(dampingRate(0, 0.5, 1 / 60)).toBe(0);
    expect(dampingRate(200, 0, 1 / 60)).toBe(0);
  });

  test('frequency 0 is the no-spring limit, without NaN', () => {
    const s = softnessFromFrequency(new Softness(), 0, 0.7, 2, 1 / 60);
    expect(s.massScale).toBe(0);
    expect(s.impulseScale).toBe(1);
    expect(s.beta).toBe(0);
    const atZeroDt = softnessFromFrequency(new Softness(), 5, 0.7, 2, 0);
    expect(Number.isNaN(atZeroDt.massScale + atZeroDt.impulseScale + atZeroDt.beta)).toBe(false);
  });

  test('a soft distance row steps exactly like implicit Euler on m C̈ = -k C - c Ċ', () => {
    // A 2 kg body on the x axis, tied at its centre to a static body at the origin: the row's
    // effective mass is the body's mass and the motion stays on the axis.
    const m = 2;
    const L = 1;
    const f = 1.5;
    const zeta = 0.2;
    const dt = 1 / 60;
    const omega = 2 * Math.PI * f;
    const k = m * omega * omega;
    // The damper the row is built with: about 2 m ζ ω, matched to keep the frequency (tested below).
    const c = m * dampingRate(omega, zeta, dt);
    const h = new Harness();
    h.gravityY = 0;
    const anchor = h.addBox({ width: 0.1, height: 0.1, x: 0, y: 0 });
    const body = h.addBox({ width: 0.1, height: 0.1, x: L + 0.3, y: 0, mass: 2 });
    body.setMass(m, 1);
    body.linearVelocity.x = 0.5;
    h.addJoint(
      new DistanceJoint(
        anchor,
        body,
        { x: 0, y: 0 },
        { x: L + 0.3, y: 0 },
        { length: L, frequencyHz: f, dampingRatio: zeta },
      ),
    );
    let C = 0.3;
    let v = 0.5;
    for (let step = 0; step < 300; step++) {
      h.step(dt);
      // Implicit Euler: m (v₂ - v₁) = -dt k (C₁ + dt v₂) - dt c v₂;  C₂ = C₁ + dt v₂.
      v = (m * v - dt * k * C) / (m + dt * c + dt * dt * k);
      C += dt * v;
      expect(body.linearVelocity.x).toBeCloseTo(v, 10);
      expect(body.position.x - L).toBeCloseTo(C, 10);
    }
  });
});
