import {
  jointReaction,
  prepareJoints,
  relaxJoints,
  solveJointPositionsInto,
  solveJoints,
} from '@lite/constraints';

const passes = () => ({
  prepare: prepareJoints,
  solve: solveJoints,
  relax: relaxJoints,
  positions: solveJointPositionsInto,
  reaction: jointReaction,
});
let installed: ReturnType<typeof passes> | null = null;

/**
 * Makes the joint passes reachable: the first registered joint kind calls it (`registerJointKind`),
 * so a program that makes no joint bundles none of them. @internal
 */
export function installJointPasses(): void {
  installed ??= passes();
}

/** The joint solver's passes: called only with joints in the step, so after `installJointPasses`. @internal */
export function jointPasses(): ReturnType<typeof passes> {
  return installed as ReturnType<typeof passes>;
}
