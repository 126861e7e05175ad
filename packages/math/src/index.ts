export { cross, crossScalarVec, crossScalarVecTo, crossVecScalar, crossVecScalarTo } from './cross';
export { MathError } from './errors';
export { invertMat22, Mat22, mulMat22, mulMat22Vec, mulTransposeMat22, solveMat22 } from './mat22';
export { Random } from './random';
export { approxEqual, clamp, isFiniteNumber, lerp, requireFinite, sign } from './scalar';
export {
  invRotateVec2,
  invTransformVec2,
  Rot,
  rotateVec2,
  Transform,
  transformVec2,
} from './transform';
export { cos, sin } from './trig';
export {
  addScaledVec2,
  addVec2,
  distanceVec2,
  dotVec2,
  lengthVec2,
  normalizeVec2,
  scaleVec2,
  subVec2,
  Vec2,
  type Vec2Like,
} from './vec2';
