import type { SceneDef } from '@lite/scenes';

/**
 * The visible height (m) to open a scene with: the scene camera's `height`, or more when the view is
 * too narrow for the scene's width (a phone held upright). The width counted is that of every body
 * except the ground (tagged `ground`, usually far wider than the scene), measured from `centerX`,
 * with a `margin` around it; for a comparison pane, only the bodies of `group` (and those without
 * a group) count.
 *
 * @param aspect - the viewport's width / height (> 0)
 */
export function fitCameraHeight(
  scene: SceneDef,
  aspect: number,
  centerX = scene.camera.x,
  group?: number,
  margin = 1.1,
): number {
  let reach = 0;
  for (const body of scene.bodies) {
    if (body.tag === 'ground') continue;
    if (group !== undefined && body.group !== undefined && body.group !== group) continue;
    const c = Math.abs(Math.cos(body.angle ?? 0));
    const s = Math.abs(Math.sin(body.angle ?? 0));
    const halfWidth = 0.5 * (c * body.width + s * body.height);
    reach = Math.max(reach, Math.abs(body.x - centerX) + halfWidth);
  }
  if (!(aspect > 0 && Number.isFinite(aspect))) return scene.camera.height;
  return Math.max(scene.camera.height, (2 * reach * margin) / aspect);
}
