import 'uplot/dist/uPlot.min.css';
import { type RefObject, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { ChartTone } from '../types';

// What both drawings share: colours from the stylesheet's tokens (so canvas and legend agree), axis
// styling, and one hook that mounts a uPlot, follows its container's width and tears it down.

export const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The value of a CSS custom property on the chart's element, e.g. --chart-cost. */
export function cssColor(el: Element, name: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || '#52606a';
}

export const toneColor = (el: Element, tone: ChartTone): string => cssColor(el, `--chart-${tone}`);

let measuring: CanvasRenderingContext2D | null = null;

/** How wide `text` is (CSS px) in the axes' font. */
export function textWidth(text: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * 7;
  measuring.font = FONT;
  return measuring.measureText(text).width;
}

/** Canvas pixels per CSS pixel. */
export const dpr = (): number => uPlot.pxRatio || 1;

export function axisStyle(el: Element): Pick<uPlot.Axis, 'stroke' | 'font' | 'labelFont' | 'ticks'> {
  const muted = cssColor(el, '--color-text-muted');
  return {
    stroke: muted,
    font: FONT,
    labelFont: `600 ${FONT}`,
    ticks: { stroke: cssColor(el, '--color-border'), width: 1, size: 4 },
  };
}

/** A round upper bound for a value axis: 0.87 → 1, 13 → 15, 420 → 500. */
export function niceCeil(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * magnitude >= value * 1.0001) ?? 10;
  return step * magnitude;
}

/**
 * Mounts a uPlot in `container` built by `make(width)`, rebuilt when `key` changes, resized with the
 * container. Returns the live instance.
 */
export function useUPlot(
  container: RefObject<HTMLDivElement | null>,
  key: string,
  make: (el: HTMLDivElement, width: number) => { options: uPlot.Options; data: uPlot.AlignedData },
): RefObject<uPlot | null> {
  const plot = useRef<uPlot | null>(null);
  const makeRef = useRef(make);
  makeRef.current = make;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything the chart draws.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const { options, data } = makeRef.current(el, el.clientWidth);
    const u = new uPlot(options, data, el);
    plot.current = u;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== u.width)
        u.setSize({ width: el.clientWidth, height: u.height });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [key, container]);

  return plot;
}

/** Calls `listener` when the plot area is clicked. */
export function onPlotClick(u: uPlot, listener: () => void): void {
  u.over.addEventListener('click', listener);
}
