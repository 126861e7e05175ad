/**
 * Draws a pane's game parts (`src/game.ts`) over its bodies: the character's capsule (it is not a
 * body, so the bodies' drawing leaves it out). And a camera that keeps the character in view.
 */
import type { World } from '@lite/world';
import type { Camera } from './camera';
import { gameOf } from './game';
import { theme } from './theme';

/** The character's colours. */
const CHARACTER_FILL = 'rgba(88, 166, 255, 0.45)';
const CHARACTER_STROKE = '#f0f6fc';
/** How far from the view's centre the character may go before the camera follows, in view widths and heights. */
const FOLLOW_SLACK = 0.25;

/**
 * Moves `camera` the least that keeps `world`'s character (if any) within {@link FOLLOW_SLACK} of
 * the view's centre; returns whether it moved.
 */
export function followCharacter(camera: Camera, world: World): boolean {
  const mover = gameOf(world)?.mover;
  if (!mover) return false;
  const slackX = (FOLLOW_SLACK * camera.viewWidth) / camera.scale;
  const slackY = FOLLOW_SLACK * camera.height;
  const dx = mover.position.x - camera.centerX;
  const dy = mover.position.y - camera.centerY;
  const moveX = dx > slackX ? dx - slackX : dx < -slackX ? dx + slackX : 0;
  const moveY = dy > slackY ? dy - slackY : dy < -slackY ? dy + slackY : 0;
  camera.centerX += moveX;
  camera.centerY += moveY;
  return moveX !== 0 || moveY !== 0;
}

/** Draws `world`'s game parts, if it has any, in `camera`. */
export function drawGame(ctx: CanvasRenderingContext2D, camera: Camera, world: World): void {
  const game = gameOf(world);
  if (!game) return;
  ctx.save();
  const mover = game.mover;
  if (mover) {
    const { center1, center2, radius } = mover.capsule;
    const x1 = camera.toScreenX(mover.position.x + center1.x);
    const y1 = camera.toScreenY(mover.position.y + center1.y);
    const x2 = camera.toScreenX(mover.position.x + center2.x);
    const y2 = camera.toScreenY(mover.position.y + center2.y);
    // Screen angle of the core from end 1 to end 2; each end's half circle faces away from the other.
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const r = radius * camera.scale;
    ctx.beginPath();
    ctx.arc(x2, y2, r, angle - Math.PI / 2, angle + Math.PI / 2);
    ctx.arc(x1, y1, r, angle + Math.PI / 2, angle + 1.5 * Math.PI);
    ctx.closePath();
    ctx.fillStyle = CHARACTER_FILL;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = mover.onGround ? CHARACTER_STROKE : theme.joint;
    ctx.stroke();
  }
  ctx.restore();
}
