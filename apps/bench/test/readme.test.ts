import { describe, expect, it } from 'vitest';
import { replaceBetween } from '../src/readme';

describe('replaceBetween', () => {
  it('replaces the block between the markers and keeps everything else', () => {
    const text = 'intro\n<a>\nold\nlines\n</a>\noutro\n';
    expect(replaceBetween(text, '<a>', '</a>', '\nnew\n')).toBe('intro\n<a>\nnew\n</a>\noutro\n');
  });
  it('refuses a text without both markers in order', () => {
    expect(replaceBetween('x <a> y', '<a>', '</a>', 'n')).toBeUndefined();
    expect(replaceBetween('</a> <a>', '<a>', '</a>', 'n')).toBeUndefined();
  });
});
