export { atan2 } from './atan2';
export { cross, crossScalarVec, crossScalarVecTo, crossVecScalar, crossVecScalarTo } from './cross';
export { MathError } from './errors';
export {
  absMat22,
  addMat22,
  invertMat22,
  Mat22,
  mulMat22,
  mulMat22Vec,
  mulTransposeMat22,
  mulTransposeMat22Vec,
  solveMat22,
  transposeMat22,
} from './mat22';
export { objectArray } from './object-array';
export { Random } from './random';
export { approxEqual, clamp, isFiniteNumber, lerp, requireFinite, sign } from './scalar';
export { Float64Slab } from './slab';
export {
  invMulRot,
  invMulTransform,
  invRotateVec2,
  invTransformVec2,
  mulRot,
  mulTransform,
  Rot,
  rotateVec2,
  Transform,
  transformVec2,
} from './transform';
export { cos, cosSin, cosSinInPlace, sin } from './trig';
export { getLengthUnitsPerMeter, LENGTH_UNITS, setLengthUnitsPerMeter } from './units';
export {
  addScaledVec2,
  addVec2,
  distanceSquaredVec2,
  distanceVec2,
  dotVec2,
  lengthSquaredVec2,
  lengthVec2,
  lerpVec2,
  negateVec2,
  normalizeVec2,
  scaleVec2,
  subVec2,
  Vec2,
  type Vec2Like,
} from './vec2';
