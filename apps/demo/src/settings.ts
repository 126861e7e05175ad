import { ClassicSolver, type SolverKind, World } from '@lite/world';

/** The solver techniques the testbed switches live (the names of the world's settings). */
export type TechniqueName =
  | 'warmStarting'
  | 'positionCorrection'
  | 'accumulateImpulses'
  | 'blockSolver'
  | 'relax'
  | 'splitImpulses'
  | 'jointChains';

/** The two solvers, in panel order, with their labels (`V` switches between them). */
export const SOLVERS: ReadonlyArray<{ kind: SolverKind; label: string }> = [
  { kind: 'soft', label: 'Soft step (Box2D v3)' },
  { kind: 'classic', label: 'Classic (Box2D-Lite)' },
];

/** The key that switches the solver. */
export const SOLVER_KEY = 'v';

/** A solver's own iteration and sub-step counts (each solver keeps its own, as the world does). */
export interface SolverCounts {
  /** Velocity iterations per step (per sub-step). */
  iterations: number;
  /** Sub-steps per step (the world's `substeps`). */
  substeps: number;
}

/** Everything the user can change about how the worlds step. */
export interface DemoSettings {
  /** The solver every world steps with (`world.settings.solver`). */
  solver: SolverKind;
  /**
   * Each solver's iterations and sub-steps: the sliders show and set the current solver's
   * ({@link currentCounts}), and switching the solver switches what they show.
   */
  counts: Record<SolverKind, SolverCounts>;
  /** Soft step: the contacts' spring frequency, Hz. */
  contactHertz: number;
  /** Soft step: the fastest an overlap is pushed apart, m/s. */
  maxPushVelocity: number;
  /** Warm starting: apply last step's accumulated impulses first. */
  warmStarting: boolean;
  /** Position correction (Baumgarte bias with slop). */
  positionCorrection: boolean;
  /** Accumulated (clamped-total) impulses instead of clamping each increment. */
  accumulateImpulses: boolean;
  /** The 2x2 block solver for two-point manifolds. */
  blockSolver: boolean;
  /** The relax pass: take Baumgarte's push back out of the velocities after the position update. */
  relax: boolean;
  /** Split impulses: push penetration out with pseudo-velocities that are dropped (off by default). */
  splitImpulses: boolean;
  /** Chains of rigid pins solved as one block. */
  jointChains: boolean;
  /** Islands and sleeping. */
  sleeping: boolean;
  /** Gravity, m/s². */
  gravityX: number;
  /** Gravity, m/s². */
  gravityY: number;
}

/** Which debug layers are drawn. */
export interface DrawLayers {
  /** Contact points and normals. */
  contacts: boolean;
  /** Normal and friction impulses at contact points. */
  impulses: boolean;
  /** Joint anchors and links. */
  joints: boolean;
  /** Axis-aligned bounding boxes. */
  aabbs: boolean;
  /** Sleeping bodies in their own colour. */
  sleeping: boolean;
  /** Centres of mass and orientation. */
  centers: boolean;
  /** Each island (bodies joined by touching contacts and joints) in its own colour. */
  islands: boolean;
}

/**
 * Which solver a setting acts in: `both`; `classic` (the soft step ignores it); `soft` (the classic
 * solver ignores it); `classic-contacts` (a classic contact technique that the soft step's contacts
 * do not use, though it still reaches something there: see {@link TECHNIQUES}).
 */
export type SolverScope = 'both' | 'classic' | 'classic-contacts' | 'soft';

/** Whether a setting of `scope` is in effect with `solver` (dimmed in the panel when not). */
export function appliesTo(scope: SolverScope, solver: SolverKind): boolean {
  return scope === 'both' || (solver === 'classic' ? scope !== 'soft' : scope === 'soft');
}

/** Whether the panel disables a setting of `scope` with `solver` (it has no effect at all there). */
export function disabledWith(scope: SolverScope, solver: SolverKind): boolean {
  return solver === 'classic' ? scope === 'soft' : scope === 'classic';
}

/**
 * The techniques in panel order, with labels, keyboard shortcuts (Box2D-Lite's four first) and the
 * solver they act in. The soft step uses soft contacts with its own relax pass, so Baumgarte's
 * position correction, the relax toggle and split impulses are the classic solver's; there
 * position correction still reaches the joints (their bias and position passes) and accumulated
 * impulses still gate warm starting (the soft step always accumulates), so those two stay enabled.
 */
export const TECHNIQUES: ReadonlyArray<{
  name: TechniqueName;
  label: string;
  key: string;
  scope: SolverScope;
  /** Why it is dimmed with the other solver (the toggle's tooltip there). */
  note?: string;
}> = [
  { name: 'warmStarting', label: 'Warm starting', key: 'w', scope: 'both' },
  {
    name: 'positionCorrection',
    label: 'Position correction',
    key: 'c',
    scope: 'classic-contacts',
    note: 'Soft step: contacts are springs; this only turns the joints’ position correction on or off',
  },
  {
    name: 'accumulateImpulses',
    label: 'Accumulated impulses',
    key: 'a',
    scope: 'classic-contacts',
    note: 'Soft step: contacts always accumulate; off only stops their warm starting',
  },
  { name: 'blockSolver', label: 'Block solver', key: 'b', scope: 'both' },
  {
    name: 'relax',
    label: 'Relax pass',
    key: 'l',
    scope: 'classic',
    note: 'Classic solver only (the soft step always relaxes)',
  },
  {
    name: 'splitImpulses',
    label: 'Split impulses',
    key: 'i',
    scope: 'classic',
    note: 'Classic solver only',
  },
  { name: 'jointChains', label: 'Joint chains', key: 'k', scope: 'both' },
];

/** The soft step's own settings, shown as sliders (disabled with the classic solver). */
export const SOFT_SETTINGS = ['contactHertz', 'maxPushVelocity'] as const;

/** The debug layers in panel order, with labels and keyboard shortcuts. */
export const LAYERS: ReadonlyArray<{ name: keyof DrawLayers; label: string; key: string }> = [
  { name: 'contacts', label: 'Contact points and normals', key: '' },
  { name: 'impulses', label: 'Impulses', key: '' },
  { name: 'joints', label: 'Joints', key: 'j' },
  { name: 'aabbs', label: 'AABBs', key: '' },
  { name: 'sleeping', label: 'Sleeping bodies', key: '' },
  { name: 'centers', label: 'Centres and axes', key: '' },
  { name: 'islands', label: 'Islands (a colour each)', key: '' },
];

/** The solver that is not `solver`. */
export function otherSolver(solver: SolverKind): SolverKind {
  return solver === 'soft' ? 'classic' : 'soft';
}

/** The iterations and sub-steps of the solver in use. */
export function currentCounts(settings: DemoSettings): SolverCounts {
  return settings.counts[settings.solver];
}

/**
 * The settings a fresh testbed starts with: the engine's defaults, read from a new world (its
 * solver, each solver's iterations and sub-steps, the soft step's settings and the toggles).
 */
export function defaultSettings(): DemoSettings {
  const world = new World();
  const solver = world.solver;
  // Each solver's counts: the soft step's from the world's settings, the classic solver's its own.
  const s = world.settings;
  const classic = new ClassicSolver();
  const counts = {} as Record<SolverKind, SolverCounts>;
  for (const { kind } of SOLVERS) {
    const from = kind === 'classic' ? classic : s;
    counts[kind] = { iterations: from.iterations, substeps: from.substeps };
  }
  return {
    solver,
    counts,
    contactHertz: s.contactHertz,
    maxPushVelocity: s.maxPushVelocity,
    warmStarting: s.warmStarting,
    positionCorrection: s.positionCorrection,
    accumulateImpulses: s.accumulateImpulses,
    blockSolver: s.blockSolver,
    relax: classic.relax,
    splitImpulses: classic.splitImpulses,
    jointChains: s.jointChains,
    sleeping: s.sleeping,
    gravityX: world.gravity.x,
    gravityY: world.gravity.y,
  };
}

/** The layers a fresh testbed draws. */
export function defaultLayers(): DrawLayers {
  return {
    contacts: false,
    impulses: false,
    joints: true,
    aabbs: false,
    sleeping: true,
    centers: false,
    islands: false,
  };
}
