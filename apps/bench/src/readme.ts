/** The markers around the README's generated results. */
export const RESULTS_START = '<!-- results:start (written by `pnpm bench`) -->';
/** See {@link RESULTS_START}. */
export const RESULTS_END = '<!-- results:end -->';

/**
 * Replaces what lies between `start` and `end` in `text` with `content` (markers kept), or returns
 * `undefined` when either marker is missing or they are out of order.
 */
export function replaceBetween(
  text: string,
  start: string,
  end: string,
  content: string,
): string | undefined {
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < 0 || j < i) return undefined;
  return `${text.slice(0, i + start.length)}\n${content.trim()}\n${text.slice(j)}`;
}
