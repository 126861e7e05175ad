import { catalogue, getScene, type SceneEntry } from '@lite/scenes';
import { demoScenes } from './demo-scenes';

/** Every scene the testbed offers: the catalogue's, then its own (`src/demo-scenes.ts`). */
export const scenes: readonly SceneEntry[] = [...catalogue, ...demoScenes];

/** The scene with this id, the catalogue's or the testbed's; undefined when there is none. */
export function findScene(id: string): SceneEntry | undefined {
  return getScene(id) ?? demoScenes.find((entry) => entry.id === id);
}
