// The charts of HomeView and InfoCare, on uPlot (about 23 kB gzip, loaded lazily with the first chart
// drawn). Each chart is a <figure> with a caption, a legend, a keyboard-operable drawing, a readout of the
// value in focus, and a table of the same figures.
export { SeriesChart, type SeriesChartProps } from './SeriesChart';
export { SegmentChart, type SegmentChartProps } from './SegmentChart';
export * from './types';
