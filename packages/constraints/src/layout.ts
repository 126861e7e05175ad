// The layouts of the solvers' packed numbers, shared by the TypeScript solvers and the
// AssemblyScript kernels: `export const enum`s, which both compilers inline as numbers.
/* biome-ignore-all lint/suspicious/noConstEnum: every enum here is inlined as numbers, by both compilers */

/**
 * Where each contact point keeps its step-to-step state in `ContactConstraint.data` (doubles,
 * from `index * PointData.Stride`). @internal
 */
export const enum PointData {
  X = 0,
  Y = 1,
  Separation = 2,
  Key = 3,
  ApproachVelocity = 4,
  NormalImpulse = 5,
  TangentImpulse = 6,
  LastNormalImpulse = 7,
  Stride = 8,
}

/**
 * Where a contact keeps its own numbers in `ContactConstraint.data`, after its two points'
 * (`2 * PointData.Stride` of them). @internal
 */
export const enum ContactData {
  NormalX = 16,
  NormalY = 17,
  Friction = 18,
  Restitution = 19,
  RadiusA = 20,
  RadiusB = 21,
  /** The contact's rolling resistance, m. */
  RollingResistance = 22,
  /** The friction rows' target tangential speed, m/s. */
  TangentSpeed = 23,
  /** The rolling row's impulse over the last step, N m s: it warm starts the next. */
  RollingImpulse = 24,
  /** The length of `data` (four 64-byte lines). */
  Length = 32,
}

/** Doubles a contact keeps in `ContactConstraint.data` (its points, normal, material, radii, rolling impulse). */
export const CONTACT_DOUBLES: number = ContactData.Length;

/** One body's slot in `BodyStates.state` (doubles): what the iterations read and write, 64 bytes. */
export const enum State {
  Vx = 0,
  Vy = 1,
  W = 2,
  /** The step's translation so far, x, m. */
  Dpx = 3,
  /** The step's translation so far, y, m. */
  Dpy = 4,
  /** cos of the step's rotation so far. */
  Qc = 5,
  /** sin of the step's rotation so far. */
  Qs = 6,
  /** The step's rotation so far, radians. */
  Da = 7,
  Stride = 8,
}

/** One body's slot in `BodyStates.motion` (doubles): read once per sub-step. */
export const enum Motion {
  /** Acceleration from gravity and force, m/s². */
  Ax = 0,
  Ay = 1,
  /** Angular acceleration from torque, rad/s². */
  Alpha = 2,
  LinearDamping = 3,
  AngularDamping = 4,
  /** The pose at the start of the step. */
  X0 = 5,
  Y0 = 6,
  Angle0 = 7,
  Stride = 8,
}

/** Index masks (docs/performance.md, "Constants"): the arrays never hold more than `Mask`. */
export const enum Index {
  Mask = 0x7fffff,
  /** Marks a two-point contact in `SoftContactSolver.singles`: a bit above every contact index. */
  TwoPoints = 0x1000000,
}

/** One contact in `SoftContactSolver.rows` (doubles): a header, then two points of `Pt.Stride`. */
export const enum Row {
  MassA = 0,
  InvIA = 1,
  MassB = 2,
  InvIB = 3,
  NormalX = 4,
  NormalY = 5,
  Friction = 6,
  Restitution = 7,
  /** The contact's soft coefficients (against a static body: the stiffer pair). */
  BiasRate = 8,
  MassScale = 9,
  ImpulseScale = 10,
  /** The 2x2 block K (11, 12, 22), then its inverse (see `buildBlockFrom`). */
  K11 = 11,
  K12 = 12,
  K22 = 13,
  M11 = 14,
  M12 = 15,
  M22 = 16,
  /** The contact's rolling resistance, m (0: the rolling row is skipped). */
  RollingResistance = 17,
  /** The rolling row's effective mass, 1 / (iA + iB). */
  RollingMass = 18,
  /** The rolling row's accumulated impulse, N m s. */
  RollingImpulse = 19,
  /** The friction rows' target tangential speed, m/s. */
  TangentSpeed = 20,
  Point0 = 21,
  Point1 = 45,
  Stride = 69,
}

/** Layout of one point inside a contact's block of `rows`, from the point's base. */
export const enum Pt {
  /** Anchor on A, from A's centre, at the start of the step, m (the lever arm of A's impulses). */
  R_AX = 0,
  R_AY = 1,
  /** Anchor on B, from B's centre, at the start of the step, m. */
  R_BX = 2,
  R_BY = 3,
  /** Separation at the step's start less n · (sB - sA) (s: the arms below); add n · (dB - dA). */
  BaseSeparation = 4,
  NormalMass = 5,
  TangentMass = 6,
  NormalImpulse = 7,
  TangentImpulse = 8,
  /** The largest normal impulse of any sub-step (restitution only bounces points that pushed). */
  MaxNormalImpulse = 9,
  /** The approach velocity for restitution, m/s: vn just before the point's first push in the step. */
  RelativeVelocity = 10,
  RnA = 11,
  RnB = 12,
  RtA = 13,
  RtB = 14,
  /** 1 once the point has bounced in this step (restitution applies once). */
  Bounced = 15,
  /** What the velocity integration adds to vn per second (gravity, forces, torques), m/s². */
  NormalAccel = 16,
  /** What a timed bounce adds to -e vn⁻ for where in its sub-step the point met the face, m/s. */
  BounceShift = 17,
  /** The overlap this point's soft row takes, m (DEEP_OVERLAP plus last step's load); deeper is pushed. */
  Share = 18,
  /**
   * The arm that carries A's side of the point as A turns, m: the anchor on a sharp corner or face,
   * the centre of the rounding on a rounded side (a rolling wheel touches at its bottom, whatever its angle).
   */
  SepAX = 19,
  SepAY = 20,
  /** The same for B. */
  SepBX = 21,
  SepBY = 22,
  /** The separation the last pass computed, m, for a pass at the same poses (`Mode.Cached`). */
  Separation = 23,
  Stride = 24,
}

/** One listed contact in `SoftContactSolver.pushRows` (doubles), set by a sub-step's first push pass. */
export const enum PushRow {
  MassA = 0,
  InvIA = 1,
  MassB = 2,
  InvIB = 3,
  NormalX = 4,
  NormalY = 5,
  Point0 = 6,
  Point1 = 12,
  Stride = 18,
}

/** Layout of one point inside a listed contact's block of `pushRows`, from the point's base. */
export const enum PushPt {
  /** The overlap beyond the point's share, m (s + share: negative when deeper). */
  Excess = 0,
  /** The push the row aims at, m/s: pushRate · excess, at least -maxPush; 0 unless deeper. */
  Bias = 1,
  RnA = 2,
  RnB = 3,
  NormalMass = 4,
  /** The point's push impulse accumulated over the sub-step's passes, from zero. */
  Impulse = 5,
}

/** One listed contact in `SoftContactSolver.pushInts`: body offsets (3 per slot), points, `Meta.Held`. */
export const enum PushInt {
  OffsetA = 0,
  OffsetB = 1,
  PointCount = 2,
  Held = 3,
  Stride = 4,
}

/** Layout of `SoftContactSolver.params`: the step's constants and the passes' scratch (doubles). */
export const enum Param {
  /** The block solver's b' in (0, 1) and x out (2, 3): see `solveBlockLcp`. */
  BlockIo = 0,
  InvH = 4,
  MaxPush = 5,
  Threshold = 6,
  Compliance = 7,
  PushRate = 8,
  /** 1 once the sub-step's solve met a point deeper than its share: else the push pass is skipped. */
  Deep = 9,
  /** The sub-step's number (wrapping): contacts whose `Meta.Deep` holds it take part in the push pass. */
  Stamp = 10,
  /** The bias `bounceBias` gives a point (m/s), at index `Bias0 + j`. */
  Bias0 = 11,
  Bias1 = 12,
  /** The separation of the point `bounceBias` looks at, m. */
  Separation = 13,
  Count = 14,
}

/** One chain position in `SoftContactSolver.chainFactors`: the block elimination (`factorChain`). */
export const enum Factor {
  /** D', the position's diagonal block after elimination (symmetric: 11, 12, 22). */
  D11 = 0,
  D12 = 1,
  D22 = 2,
  /** det D' (> 0 in a chain that is not singular). */
  Det = 3,
  /** U, the coupling of this position's rows (rows) with the next position's (columns). */
  U11 = 4,
  U12 = 5,
  U21 = 6,
  U22 = 7,
  /** E = Uᵀ D'⁻¹ of the previous position: what eliminating it subtracts from this one. */
  E11 = 8,
  E12 = 9,
  E21 = 10,
  E22 = 11,
  /** Each point's CFM γ = K_ii · compliance (0 in a rigid chain). */
  G1 = 12,
  G2 = 13,
  Stride = 14,
}

/** Layout of one contact in `SoftContactSolver.meta` (int32). */
export const enum Meta {
  SlotA = 0,
  SlotB = 1,
  PointCount = 2,
  BlockUsable = 3,
  /** 1 when every point touched (separation ≤ 0) at the start of the step. */
  Touching = 4,
  /** `Param.Stamp` of the last sub-step whose solve found a point of this contact deeper than its share. */
  Deep = 5,
  /**
   * Which bodies a joint holds (`BodyStates.held`): bit 0 A, bit 1 B. With none, overlaps deeper than
   * twice the share are the push pass's alone; else the soft row keeps its bias and the contact
   * takes part in the first HELD_PUSH_PASSES push passes only.
   */
  Held = 6,
  /** Where the contact's point data begins in its block (`ContactConstraint.dataOffset`). */
  DataOffset = 7,
  Stride = 8,
}

/** The switches of one solve pass over the contacts, as bits. */
export const enum Mode {
  /** The sub-step's solve (soft rows pushing overlaps apart), not the relax pass. */
  Bias = 1,
  /** Solve a two-point contact's normal rows together when both are in the same regime. */
  Block = 2,
  /** Solve the normal rows (off: friction only, for a chain whose normal rows were solved). */
  Normals = 4,
  /** The bodies have not moved since the last pass: read `Pt.Separation` (else compute and store it). */
  Cached = 8,
}

/** The doubles a kernel call needs, in `Region.Scalars` (see docs/performance.md, Boxed numbers). */
export const enum Scalar {
  /** The sub-step, s (the body states' updates). */
  H = 0,
  /** The chain compliance (the chains' solve). */
  ChainCompliance = 1,
  /** The body states' speed cap, m/s (their updates). */
  MaxLinearSpeed = 2,
  Count = 3,
}

/** Slots of `SoftStepContext`'s numbers. @internal */
export const enum Ctx {
  H = 0,
  InvH = 1,
  BiasRate = 2,
  MassScale = 3,
  ImpulseScale = 4,
  StaticBiasRate = 5,
  StaticMassScale = 6,
  StaticImpulseScale = 7,
  MaxPushVelocity = 8,
  RestitutionThreshold = 9,
  PushRate = 10,
  ChainCompliance = 11,
  Omega = 12,
  StaticOmega = 13,
  Count = 14,
}
