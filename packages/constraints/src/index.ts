export { BlockSolution, prepareBlock, solveBlockLcp } from './block-solver';
export {
  BLOCK_MAX_CONDITION,
  ContactConstraint,
  ContactPoint,
  type ManifoldLike,
  type ManifoldPointLike,
  mixFriction,
  mixRestitution,
} from './contact-constraint';
export { prepareContacts, solveContacts, warmStartContacts } from './contact-solver';
export { ConstraintError } from './errors';
export { SolverSettings, type SolverSettingsOptions } from './settings';
export { SolverBody } from './solver-body';
