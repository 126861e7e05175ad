import type { SceneDef } from '@lite/scenes';
import type { Body, World } from '@lite/world';
import type { DemoSceneDef } from './demo-scenes';
import { GameInput, gameOf } from './game';
import type { JointTag, Simulation } from './simulation';

/**
 * A scene's key controls (`SceneDef.controls`): while a control's key is held, each of its joints'
 * motors runs at the control's speed; released, at the joint's own speed from the scene (0 when it
 * has none). When two held keys drive the same joint, the one pressed last wins. In a scene with a
 * character (`src/game.ts`) its keys go to the simulation's {@link GameInput}; in one with a type
 * cycle, its key changes the body's type. Keys typed into a
 * form field (a slider takes the arrow keys) are left alone.
 */
export class SceneControls {
  private readonly held: string[] = [];

  /** @param simulation - the running simulation (the app replaces it on reset and scene changes) */
  constructor(private readonly simulation: () => Simulation) {}

  /** A key went down: returns true when a control of the running scene takes it. */
  press(key: string): boolean {
    if (this.character() && GameInput.takes(key)) {
      this.simulation().input.press(key);
      return true;
    }
    const cycle = (this.simulation().scene as DemoSceneDef).typeCycle;
    if (cycle && key.toLowerCase() === cycle.key) {
      for (const pane of this.simulation().panes) gameOf(pane.world)?.cycleType();
      return true;
    }
    if (!this.controls().some((c) => c.key === key)) return false;
    if (!this.held.includes(key)) this.held.push(key);
    // Also on the key's repeats: a reset while it is held gets the speeds too.
    this.apply();
    return true;
  }

  /** A key went up: returns true when a control of the running scene takes it. */
  release(key: string): boolean {
    if (this.character() && GameInput.takes(key)) {
      this.simulation().input.release(key);
      return true;
    }
    const index = this.held.indexOf(key);
    if (index >= 0) {
      this.held.splice(index, 1);
      this.apply();
    }
    return this.controls().some((c) => c.key === key);
  }

  /** Lets go of every key (the window lost the focus, so their key-ups will not come). */
  releaseAll(): void {
    this.simulation().input.releaseAll();
    if (this.held.length === 0) return;
    this.held.length = 0;
    this.apply();
  }

  /** Sets the motor speeds of the running scene's controlled joints from the held keys. */
  apply(): void {
    const simulation = this.simulation();
    const scene = simulation.scene;
    const speeds = new Map<number, number>();
    for (const control of scene.controls ?? []) {
      for (const index of control.joints) speeds.set(index, ownSpeed(scene, index));
    }
    for (const key of this.held) {
      const control = scene.controls?.find((c) => c.key === key);
      if (control) for (const index of control.joints) speeds.set(index, control.motorSpeed);
    }
    for (const pane of simulation.panes) setMotorSpeeds(pane.world, speeds);
  }

  /** Whether the running scene has a keyboard character. */
  private character(): boolean {
    return (this.simulation().scene as DemoSceneDef).character !== undefined;
  }

  private controls() {
    return this.simulation().scene.controls ?? [];
  }
}

/** The motor speed the scene gives joint `index` (0 when none). */
function ownSpeed(scene: SceneDef, index: number): number {
  const def = scene.joints[index];
  return def !== undefined && 'motorSpeed' in def ? (def.motorSpeed ?? 0) : 0;
}

/** Sets the motor speed of each scene joint of `world` listed in `speeds` (by scene index). */
function setMotorSpeeds(world: World, speeds: Map<number, number>): void {
  for (const joint of world.joints) {
    const tag = joint.userData as JointTag | undefined;
    const speed = tag === undefined ? undefined : speeds.get(tag.sceneJoint);
    if (speed === undefined) continue;
    if ('setMotorSpeed' in joint) {
      joint.setMotorSpeed(speed);
    } else if ('motorSpeed' in joint && joint.motorSpeed !== speed) {
      joint.motorSpeed = speed;
      (joint.bodyA as Body).setAwake(true);
      (joint.bodyB as Body).setAwake(true);
    }
  }
}

/** Whether a key event belongs to a form field (a slider, a menu, a text box). */
function inField(event: KeyboardEvent): boolean {
  const tag = (event.target as HTMLElement | null)?.tagName;
  return tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA';
}

/**
 * Listens to `target`'s keys for the running scene's controls; returns the controls.
 * @param target - where the key events arrive (the window)
 * @param simulation - the running simulation
 */
export function installSceneControls(target: Window, simulation: () => Simulation): SceneControls {
  const controls = new SceneControls(simulation);
  target.addEventListener('keydown', (event) => {
    if (inField(event) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (controls.press(event.key)) event.preventDefault();
  });
  target.addEventListener('keyup', (event) => {
    if (controls.release(event.key)) event.preventDefault();
  });
  target.addEventListener('blur', () => controls.releaseAll());
  return controls;
}
