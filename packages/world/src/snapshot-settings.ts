// The settings' part of a snapshot: the world's settings and its classic solver's.
import { SolverSettings } from '@lite/constraints';
import { WorldError } from './errors';
import { MAX_ITERATIONS, MAX_SUBSTEPS, WorldSettings } from './settings';
import { check } from './snapshot-bodies';
import {
  assignFields,
  type ByteReader,
  ByteWriter,
  fieldSchema,
  hashedSchema,
  readFields,
  writeFields,
} from './snapshot-format';
import { canMakeClassicSolver, checkSolverKind, classicSolverOf } from './solvers';
import type { StepState } from './step-state';
import { checkInteger } from './validate';

/** The settings' fields as version 4 wrote them (one object for both solvers), and their types. */
const V4_FIELDS = (
  'accumulateImpulsesValue warmStartingValue positionCorrectionValue blockSolverValue relaxValue ' +
  'splitImpulsesValue jointChainsValue baumgarteValue linearSlopValue restitutionThresholdValue ' +
  'jointNumbers.0 jointNumbers.1 sleepingValue profileValue continuousValue classicJointSpringsValue ' +
  'solverKind iterationCount substepCount softIterationCount softSubstepCount hertz zeta pushVelocity ' +
  'pushPasses maxLinearSpeed stepNumbers.0 positionIterationCount sleepTime linearTolerance angularTolerance'
).split(' ');
const V4_SCHEMA = hashedSchema(V4_FIELDS, [...'1111111000001111200000000000000'].map(Number));
/** Where a field of the world's settings or the classic solver's was in version 4, when renamed. */
const V4_WORLD: Record<string, string> = {
  iterationCount: 'softIterationCount',
  substepCount: 'softSubstepCount',
};
const V4_CLASSIC: Record<string, string> = { jointSpringsValue: 'classicJointSpringsValue' };

/** The settings a snapshot being read is checked on. @internal */
export const scratchSettings = new WorldSettings();
/** A classic solver's fields: the constraint solver's, then its counts and joint springs. */
const scratchClassic = Object.assign(new SolverSettings(), {
  iterationCount: 10,
  substepCount: 1,
  jointSpringsValue: false,
});
const worldSchema = fieldSchema(scratchSettings, new Set());
const classicSchema = fieldSchema(scratchClassic, new Set());

/** The classic solver of the world of `s`, itself (not the view users hold), or null. */
function classicOf(s: StepState): object | null {
  return s.classic === null ? null : (s.classic as unknown as { target: object }).target;
}

/** Sets every accessor (a getter and a setter) of `target` to its value again, through its setter. */
function setAgain(target: object): void {
  const record = target as Record<string, unknown>;
  for (let p = Object.getPrototypeOf(target); p !== null; p = Object.getPrototypeOf(p)) {
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) {
      if (d.get === undefined || d.set === undefined) continue;
      const value = record[name];
      record[name] = value;
    }
  }
}

/**
 * The settings' part of a snapshot, both ways: the world's settings, then its classic solver's if
 * any. Reading checks them on scratch objects' setters (a bad value throws the snapshot's
 * WorldError) and returns what assigns them to a world. @internal
 */
export function settingsPart(io: ByteWriter | ByteReader, s: StepState | null): (s: StepState) => void {
  if (io instanceof ByteWriter) {
    const classic = classicOf(s as StepState);
    writeFields(io, (s as StepState).settings, worldSchema);
    io.u8(classic === null ? 0 : 1);
    if (classic !== null) writeFields(io, classic, classicSchema);
    return () => {};
  }
  const [values, which] = readFields(io, 'settings', worldSchema, V4_SCHEMA);
  const legacy = which === 1;
  let worldValues = values;
  let classicValues: unknown[] | null = null;
  if (legacy) {
    const v4 = new Map(V4_FIELDS.map((name, i) => [name, values[i]]));
    worldValues = worldSchema.paths.map((path) => v4.get(V4_WORLD[path] ?? path));
    classicValues = classicSchema.paths.map((path) => v4.get(V4_CLASSIC[path] ?? path));
  } else if (io.u8() !== 0) classicValues = readFields(io, 'settings', classicSchema)[0];
  assignFields(scratchSettings, worldSchema, worldValues);
  check(() => {
    const kind = scratchSettings.solverKind;
    if (kind !== 'soft' && kind !== 'classic')
      throw new WorldError('settings.solver', kind, "must be 'soft' or 'classic'");
    setAgain(scratchSettings);
    if (classicValues !== null) {
      assignFields(scratchClassic, classicSchema, classicValues);
      setAgain(scratchClassic);
      checkInteger(scratchClassic.iterationCount, 'classicSolver.iterations', 0, MAX_ITERATIONS);
      checkInteger(scratchClassic.substepCount, 'classicSolver.substeps', 1, MAX_SUBSTEPS);
    }
    // A classic world restores with a classic solver: only where one can be made.
    if (kind === 'classic') checkSolverKind('classic', 'settings.solver');
  }, 'its settings');
  // Version 4 held classic settings in any case: they go to a classic solver the world has or needs.
  const optional = legacy || !canMakeClassicSolver();
  return (target) => {
    assignFields(target.settings, worldSchema, worldValues);
    if (classicValues === null) target.classic = null;
    else if (target.classic !== null || target.settings.solverKind === 'classic' || !optional) {
      classicSolverOf(target, 'settings.solver');
      assignFields(classicOf(target) as object, classicSchema, classicValues);
    }
  };
}
