// The one windowing of long scrolling content: which items of an axis are in
// view (plus a margin) for a scroll position, and the viewport that reports
// its scroll position and size. Lists with rows of measured heights
// (VirtualList) and the calendar's fixed rows and day columns both use it, so
// only what is in view exists in the page.

/** Where each item starts along an axis; start(count) is the axis' length. */
export interface Axis {
  count: number;
  start(index: number): number;
}

/** Items of one size (the calendar's rows and days). */
export const uniformAxis = (count: number, unit: number): Axis => ({ count, start: (i) => i * unit });

/** Items of measured sizes: offsets[i] is where item i starts, offsets[count] the end. */
export const offsetAxis = (offsets: Float64Array): Axis => ({
  count: offsets.length - 1,
  start: (i) => offsets[i] ?? 0,
});

/** Index of the item containing position px (binary search), clamped to [0, count). */
export function indexAt(axis: Axis, px: number): number {
  let lo = 0;
  let hi = axis.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (axis.start(mid + 1) <= px) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, Math.max(0, axis.count - 1));
}

/** The items in view from `offset` over `size`, with `margin` more each side; none: first 0, last -1. */
export function visibleRange(
  axis: Axis,
  offset: number,
  size: number,
  margin: number,
): { first: number; last: number } {
  if (!axis.count) return { first: 0, last: -1 };
  return {
    first: Math.max(0, indexAt(axis, offset) - margin),
    last: Math.min(axis.count - 1, indexAt(axis, offset + size) + margin),
  };
}

/** A scrolling element's scroll position and size, kept as state; attach it with `{@attach viewport.track}`. */
export class Viewport {
  scrollTop = $state(0);
  scrollLeft = $state(0);
  width = $state(0);
  height = $state(0);

  /** The size assumed before layout (an element measures 0 until then). */
  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
  }

  readonly track = (el: HTMLElement): (() => void) => {
    const measure = () => {
      this.width = el.clientWidth || this.width;
      this.height = el.clientHeight || this.height;
    };
    const scrolled = () => {
      this.scrollTop = el.scrollTop;
      this.scrollLeft = el.scrollLeft;
    };
    measure();
    el.addEventListener('scroll', scrolled, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', scrolled);
      ro?.disconnect();
    };
  };
}
