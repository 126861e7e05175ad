import { WorldError } from './errors';
import { restoreSnapshot, writeSnapshot } from './snapshot';
import { World } from './world';

// Functions, not World methods: a program that never saves leaves the snapshot code out of its bundle.

/** Options of {@link saveWorld}. */
export interface SaveOptions {
  /**
   * A buffer to write the snapshot into (a snapshot no longer needed, say): when it is large enough,
   * the result is a view of its first bytes and no buffer is made; else a new buffer, as without it.
   * A ring of snapshots that reuses its oldest one's buffer saves without allocating.
   */
  into?: Uint8Array;
}

/**
 * Saves everything that decides the world's future (bodies, shapes, joints, contacts, broadphase,
 * settings, counters) into a compact binary buffer; stepping on after `restoreWorld` gives bit for
 * bit what stepping on from here gives. Listeners and `userData` are not saved.
 *
 * ```ts
 * const saved = saveWorld(world);
 * for (let i = 0; i < 60; ++i) world.step(1 / 60);
 * restoreWorld(world, saved); // back in time; the next 60 steps give the same positions bit for bit
 * const again = saveWorld(world, { into: saved }); // the same bytes, in the same buffer
 * ```
 * @throws WorldError on a value that is not a World, on `options.into` not a Uint8Array, or while
 *   the world steps
 */
export function saveWorld(world: World, options?: SaveOptions): Uint8Array {
  checkWorld('saveWorld', world).checkUnlocked('saveWorld', 'world', 'the world');
  const into = options?.into;
  if (!(into === undefined || into instanceof Uint8Array)) {
    throw new WorldError('options.into', into, 'must be a Uint8Array (or left out)');
  }
  world.compactAll();
  return writeSnapshot(world, into);
}

/**
 * Puts `world` back in the state `snapshot` (of this or another world) holds. Objects in both keep
 * their handles and `userData`; those made since are destroyed, those destroyed since made anew (find
 * them with `getBody(id)`). Contacts are rebuilt (hold none across a restore); no event is emitted.
 * @throws WorldError on a value that is not a World, on a buffer that is not an intact snapshot of
 *   this format version, or while the world steps; the world is unchanged then
 */
export function restoreWorld(world: World, snapshot: Uint8Array): void {
  checkWorld('restoreWorld', world).checkUnlocked('restoreWorld', 'snapshot', snapshot);
  world.compactAll();
  restoreSnapshot(world, snapshot);
}

/**
 * A new world in the state `snapshot` holds, stepping bit for bit as the saved world would.
 * @throws WorldError as {@link restoreWorld}
 */
export function loadWorld(snapshot: Uint8Array): World {
  const world = new World();
  restoreWorld(world, snapshot);
  return world;
}

function checkWorld(operation: string, world: unknown): World {
  if (!(world instanceof World)) throw new WorldError('world', world, `${operation} needs a World`);
  return world;
}
