/**
 * Draws a pane's game parts (`src/game.ts`) over its bodies: the character's capsule (it is not a
 * body, so the bodies' drawing leaves it out), chevrons on the one-way platforms, the last blast's
 * reach while it fades, and a ring where each recent fast hit struck. And a camera that keeps the
 * character in view.
 */
import type { World } from '@lite/world';
import type { Camera } from './camera';
import { FLASH_STEPS, gameOf } from './game';
import { theme } from './theme';

/** The character's colours. */
const CHARACTER_FILL = 'rgba(88, 166, 255, 0.45)';
const CHARACTER_STROKE = '#f0f6fc';
/** The one-way platforms' chevrons. */
const ONE_WAY_STROKE = 'rgba(148, 163, 184, 0.7)';
/** The blast's and the hits' colour, as r, g, b. */
const BLAST_RGB = '255, 123, 84';

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
  if (game.oneWay.size > 0) {
    // One-way platforms: chevrons pointing up across each (the way bodies pass through).
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = ONE_WAY_STROKE;
    ctx.beginPath();
    const size = Math.min(0.15 * camera.scale, 6);
    for (const body of game.oneWay) {
      const x = camera.toScreenX(body.position.x);
      const y = camera.toScreenY(body.position.y);
      const half = 0.5 * body.width * camera.scale;
      for (let sx = x - half + 2 * size; sx <= x + half - 2 * size; sx += 4 * size) {
        ctx.moveTo(sx - size, y + 0.5 * size);
        ctx.lineTo(sx, y - 0.5 * size);
        ctx.lineTo(sx + size, y + 0.5 * size);
      }
    }
    ctx.stroke();
  }
  const blast = game.scene.blast;
  const age = game.steps - game.blast.step;
  if (blast && age < FLASH_STEPS) {
    const fade = 1 - age / FLASH_STEPS;
    const x = camera.toScreenX(game.blast.x);
    const y = camera.toScreenY(game.blast.y);
    ctx.beginPath();
    ctx.arc(x, y, blast.radius * camera.scale, 0, 2 * Math.PI);
    ctx.fillStyle = `rgba(${BLAST_RGB}, ${0.35 * fade})`;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = `rgba(${BLAST_RGB}, ${fade})`;
    ctx.stroke();
    // The fall-off's outer edge, dashed.
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.arc(x, y, (blast.radius + blast.falloff) * camera.scale, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  const flashes = game.flashes;
  ctx.lineWidth = 2;
  for (let i = 0; i < flashes.length; i += 4) {
    const hitAge = game.steps - flashes[i + 3];
    if (!(hitAge < FLASH_STEPS)) continue;
    const fade = 1 - hitAge / FLASH_STEPS;
    // A ring that grows with the hit's speed (1 cm per m/s) and with its age.
    const r = (0.05 + 0.01 * flashes[i + 2] * (1 + hitAge / FLASH_STEPS)) * camera.scale;
    ctx.beginPath();
    ctx.arc(camera.toScreenX(flashes[i]), camera.toScreenY(flashes[i + 1]), r, 0, 2 * Math.PI);
    ctx.strokeStyle = `rgba(${BLAST_RGB}, ${fade})`;
    ctx.stroke();
  }
  ctx.restore();
}
