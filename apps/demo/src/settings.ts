/** The solver techniques the testbed switches live (the names of the world's settings). */
export type TechniqueName =
  | 'warmStarting'
  | 'positionCorrection'
  | 'accumulateImpulses'
  | 'blockSolver'
  | 'relax'
  | 'splitImpulses'
  | 'jointChains';

/** Everything the user can change about how the worlds step. */
export interface DemoSettings {
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
  /** Velocity iterations per step (per sub-step). */
  iterations: number;
  /** Sub-steps per step (the world's `substeps`; 1 is Box2D-Lite's single step). */
  substeps: number;
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
}

/** The techniques in panel order, with labels and keyboard shortcuts (Box2D-Lite's four first). */
export const TECHNIQUES: ReadonlyArray<{ name: TechniqueName; label: string; key: string }> = [
  { name: 'warmStarting', label: 'Warm starting', key: 'w' },
  { name: 'positionCorrection', label: 'Position correction', key: 'c' },
  { name: 'accumulateImpulses', label: 'Accumulated impulses', key: 'a' },
  { name: 'blockSolver', label: 'Block solver', key: 'b' },
  { name: 'relax', label: 'Relax pass', key: 'l' },
  { name: 'splitImpulses', label: 'Split impulses', key: 'i' },
  { name: 'jointChains', label: 'Joint chains', key: 'k' },
];

/** The debug layers in panel order, with labels and keyboard shortcuts. */
export const LAYERS: ReadonlyArray<{ name: keyof DrawLayers; label: string; key: string }> = [
  { name: 'contacts', label: 'Contact points and normals', key: '' },
  { name: 'impulses', label: 'Impulses', key: '' },
  { name: 'joints', label: 'Joints', key: 'j' },
  { name: 'aabbs', label: 'AABBs', key: '' },
  { name: 'sleeping', label: 'Sleeping bodies', key: '' },
  { name: 'centers', label: 'Centres and axes', key: '' },
];

/** The settings a fresh testbed starts with: the engine's defaults (split impulses off, the rest on). */
export function defaultSettings(): DemoSettings {
  return {
    warmStarting: true,
    positionCorrection: true,
    accumulateImpulses: true,
    blockSolver: true,
    relax: true,
    splitImpulses: false,
    jointChains: true,
    sleeping: true,
    iterations: 10,
    substeps: 1,
    gravityX: 0,
    gravityY: -10,
  };
}

/** The layers a fresh testbed draws. */
export function defaultLayers(): DrawLayers {
  return { contacts: false, impulses: false, joints: true, aabbs: false, sleeping: true, centers: false };
}
