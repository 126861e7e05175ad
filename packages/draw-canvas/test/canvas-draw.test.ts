/** CanvasDraw: world metres to canvas pixels (y flipped), colours and shapes, on a recording context. */
import { type Canvas2D, CanvasDraw } from '@lite/draw-canvas';
import { drawWorld, World } from '@lite/world';
import { describe, expect, test } from 'vitest';

type Op = [string, ...unknown[]];

function recording(): Canvas2D & { ops: Op[] } {
  const ops: Op[] = [];
  const ctx = {
    ops,
    fillStyle: '' as unknown,
    strokeStyle: '' as unknown,
    lineWidth: 1,
    lineJoin: 'miter',
    globalAlpha: 1,
    beginPath: () => ops.push(['beginPath']),
    moveTo: (x: number, y: number) => ops.push(['moveTo', x, y]),
    lineTo: (x: number, y: number) => ops.push(['lineTo', x, y]),
    arc: (x: number, y: number, r: number, a0: number, a1: number) => ops.push(['arc', x, y, r, a0, a1]),
    closePath: () => ops.push(['closePath']),
    fill: () => ops.push(['fill', ctx.fillStyle, ctx.globalAlpha, ctx.lineJoin]),
    stroke: () => ops.push(['stroke', ctx.strokeStyle, ctx.lineWidth, ctx.lineJoin]),
    fillRect: (x: number, y: number, w: number, h: number) =>
      ops.push(['fillRect', x, y, w, h, ctx.fillStyle]),
  };
  return ctx;
}

describe('CanvasDraw', () => {
  test('a box of a world lands where scale and origin put it, y up, in its colour', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    world.createBody({ type: 'static', width: 2, height: 1, position: { x: 1, y: 2 } });
    const ctx = recording();
    drawWorld(world, new CanvasDraw(ctx, { scale: 10, originX: 100, originY: 200, fillAlpha: 0.25 }));
    const path = ctx.ops.filter((o) => o[0] === 'moveTo' || o[0] === 'lineTo').map((o) => o.slice(1));
    // World corners (0, 1.5), (2, 1.5), (2, 2.5), (0, 2.5) → canvas x = 100 + 10 x, y = 200 − 10 y.
    expect(path).toEqual([
      [100, 185],
      [120, 185],
      [120, 175],
      [100, 175],
    ]);
    expect(ctx.ops.find((o) => o[0] === 'fill')).toEqual(['fill', '#7fb77e', 0.25, 'miter']);
    expect(ctx.ops.find((o) => o[0] === 'stroke')).toEqual(['stroke', '#7fb77e', 1, 'miter']);
    expect(ctx.globalAlpha).toBe(1);
  });

  test('a rounded polygon is its core stroked 2r wide with round joins, then filled', () => {
    const ctx = recording();
    const draw = new CanvasDraw(ctx, { scale: 20 });
    draw.drawPolygon(new Float64Array([0, 0, 1, 0, 0, 1]), 3, 0.1, 0x123456);
    expect(ctx.ops).toContainEqual(['stroke', '#123456', 4, 'round']);
    expect(ctx.lineJoin).toBe('miter');
  });

  test('a circle: an arc of r × scale and a radius line along its angle; a capsule: two caps', () => {
    const ctx = recording();
    const draw = new CanvasDraw(ctx, { scale: 10 });
    draw.drawCircle(1, 1, 0.5, Math.PI / 2, 0xff0000);
    expect(ctx.ops[1]).toEqual(['arc', 10, -10, 5, 0, 2 * Math.PI]);
    const line = ctx.ops.filter((o) => o[0] === 'lineTo').at(-1) as Op;
    expect(line[1]).toBeCloseTo(10, 12);
    expect(line[2]).toBeCloseTo(-15, 12); // up on the screen is −y
    ctx.ops.length = 0;
    draw.drawCapsule(0, 0, 2, 0, 0.5, 0x00ff00);
    const arcs = ctx.ops.filter((o) => o[0] === 'arc');
    expect(arcs.map((a) => a.slice(1, 4))).toEqual([
      [20, 0, 5],
      [0, 0, 5],
    ]);
  });

  test('points are size × size pixels centred on the point; colours are #rrggbb', () => {
    const ctx = recording();
    new CanvasDraw(ctx, { originX: 50, originY: 50 }).drawPoint(1, 0, 4, 0x0000ff);
    expect(ctx.ops).toEqual([['fillRect', 98, 48, 4, 4, '#0000ff']]);
  });

  test('out-of-range options are refused by name', () => {
    expect(() => new CanvasDraw(recording(), { scale: 0 })).toThrow(/options.scale = 0/);
    expect(() => new CanvasDraw(recording(), { fillAlpha: 2 })).toThrow(/options.fillAlpha = 2/);
    expect(() => new CanvasDraw(recording(), { originX: Number.NaN })).toThrow(/options.originX/);
  });
});
