// Whether this browser can draw the charts (a 2D canvas). Where it cannot (a test DOM, a very old
// browser), the charts show their table and readout only, and the chart library is never loaded.
let cached: boolean | undefined;

export function canDraw(): boolean {
  if (cached === undefined) {
    try {
      cached = typeof ResizeObserver === 'function' && !!document.createElement('canvas').getContext('2d');
    } catch {
      cached = false;
    }
  }
  return cached;
}
