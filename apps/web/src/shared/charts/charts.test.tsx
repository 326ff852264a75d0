import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { canDraw } from './canDraw';
import { ChartFrame, stepFor } from './ChartFrame';
import { describeSegment, drawnRows, SegmentChart, segmentStep } from './SegmentChart';
import { describeCategory, SeriesChart } from './SeriesChart';
import {
  fittingTickIndices,
  hundredthsToClock,
  type SegmentChartData,
  type SeriesChartData,
  tickIndices,
} from './types';

afterEach(cleanup);

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const pounds = (v: number) => `£${v.toFixed(2)}`;

const week: SeriesChartData = {
  labels: ['Mon 03-03-25', 'Tue 04-03-25', 'Wed 05-03-25'],
  series: [
    { label: 'Cost', tone: 'cost', values: [1.2, null, 0.5] },
    { label: 'Income', tone: 'income', values: [0.3, null, 0] },
  ],
  format: pounds,
  yLabel: '£',
};

describe('chart helpers', () => {
  it('spread the axis labels evenly, first and last included (§9 ticks)', () => {
    expect(tickIndices(24, 4)).toEqual([0, 8, 15, 23]);
    expect(tickIndices(7, 3)).toEqual([0, 3, 6]);
    expect(tickIndices(31, 4)).toEqual([0, 10, 20, 30]);
    expect(tickIndices(3, undefined)).toEqual([0, 1, 2]);
    expect(tickIndices(2, 5)).toEqual([0, 1]);
    expect(tickIndices(1, 4)).toEqual([0]);
    expect(tickIndices(0, 4)).toEqual([]);
  });

  it('label fewer categories when the labels would overlap, never two closer than 8 px', () => {
    const wide = Array.from({ length: 28 }, () => 75); // 'Sat 31-10-26' at 12 px
    // A phone: 230 px over 28 days is 8.2 px a day. Four labels 9 days (74 px) apart would overlap;
    // three, 13-14 days (107 px) apart, leave 32 px between them.
    expect(fittingTickIndices(28, 4, wide, 230)).toEqual([0, 14, 27]);
    // A desktop keeps the four asked for.
    expect(fittingTickIndices(28, 4, wide, 900)).toEqual([0, 9, 18, 27]);
    // Too narrow for two: only the first.
    expect(fittingTickIndices(28, 4, wide, 60)).toEqual([0]);
    // Short labels keep every one.
    expect(fittingTickIndices(3, undefined, [30, 30, 30], 300)).toEqual([0, 1, 2]);
  });

  it('turn hundredths of an hour into clock times', () => {
    expect(hundredthsToClock(0)).toBe('00:00');
    expect(hundredthsToClock(1350)).toBe('13:30');
    expect(hundredthsToClock(725)).toBe('07:15');
    expect(hundredthsToClock(2400)).toBe('24:00');
  });

  it('move a keyboard cursor along the categories, stopping at the ends', () => {
    expect(stepFor('ArrowRight', null, 3)).toBe(0);
    expect(stepFor('ArrowLeft', null, 3)).toBe(2);
    expect(stepFor('ArrowRight', 2, 3)).toBe(2);
    expect(stepFor('ArrowLeft', 0, 3)).toBe(0);
    expect(stepFor('End', 0, 3)).toBe(2);
    expect(stepFor('Home', 2, 3)).toBe(0);
    expect(stepFor('a', 1, 3)).toBeUndefined();
    expect(stepFor('ArrowRight', null, 0)).toBeUndefined();
  });

  it('say a category with every series, and "no data" for gaps', () => {
    expect(describeCategory(week, 0)).toBe('Mon 03-03-25: Cost £1.20, Income £0.30');
    expect(describeCategory(week, 1)).toBe('Tue 04-03-25: Cost no data, Income no data');
  });
});

const days: SegmentChartData = {
  legend: [{ tone: 'care', label: 'Kitchen' }],
  rows: [
    {
      label: 'Mon',
      segments: [
        { start: 1800, end: 1850, label: 'Kettle', tone: 'care', href: '/x/2' },
        { start: 700, end: 725, label: 'Kettle', tone: 'care', href: '/x/1' },
      ],
    },
    { label: 'Tue', segments: [] },
    { label: 'Wed', segments: [{ start: 1200, end: 1300, label: 'Oven', tone: 'care' }] },
  ],
};

describe('segment helpers', () => {
  const rows = drawnRows(days);

  it('order each row by time and keep at most 50 segments (§9)', () => {
    expect(rows[0]?.segments.map((s) => s.start)).toEqual([700, 1800]);
    const crowded = drawnRows({
      legend: [],
      rows: [
        {
          label: 'Mon',
          segments: Array.from({ length: 60 }, (_, i) => ({
            start: i * 40,
            end: i * 40 + 20,
            label: 'x',
            tone: 'care' as const,
          })),
        },
      ],
    });
    expect(crowded[0]?.segments).toHaveLength(50);
  });

  it('move along a row, and up and down to the nearest segment in time, skipping empty rows', () => {
    expect(segmentStep(rows, 'ArrowRight', null)).toEqual({ row: 0, segment: 0 });
    expect(segmentStep(rows, 'ArrowRight', { row: 0, segment: 0 })).toEqual({ row: 0, segment: 1 });
    expect(segmentStep(rows, 'ArrowDown', { row: 0, segment: 1 })).toEqual({ row: 2, segment: 0 });
    // 12:00–13:00 is nearer 07:00 than 18:00.
    expect(segmentStep(rows, 'ArrowUp', { row: 2, segment: 0 })).toEqual({ row: 0, segment: 0 });
    expect(segmentStep(rows, 'ArrowDown', { row: 2, segment: 0 })).toEqual({ row: 2, segment: 0 });
    expect(segmentStep(rows, 'Tab', { row: 2, segment: 0 })).toBeUndefined();
  });

  it('say a segment with its day and times', () => {
    expect(describeSegment(rows, { row: 0, segment: 0 })).toBe('Mon: Kettle, 07:00–07:15');
  });
});

describe('charts in a DOM without a canvas', () => {
  it('never load the chart library and show the table open instead', () => {
    expect(canDraw()).toBe(false);
    renderInRouter(<SeriesChart title="This week's cost" {...week} />);
    const figure = screen.getByRole('figure', { name: "This week's cost" });
    expect(figure.querySelector('[aria-roledescription="chart"]')).toBeNull();
    const table = within(figure).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'PeriodCostIncome',
      'Mon 03-03-25£1.20£0.30',
      'Tue 04-03-25No dataNo data',
      'Wed 05-03-25£0.50£0.00',
    ]);
    expect(figure.querySelector('details')?.open).toBe(true);
    expect(
      within(figure)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cost', 'Income']);
  });

  it('list every segment in the table, each linking where the chart does', () => {
    const router = renderInRouter(<SegmentChart title="Activities this week" {...days} />);
    const table = screen.getByRole('table');
    const links = within(table).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Kettle 07:00–07:15', '/x/1'],
      ['Kettle 18:00–18:30', '/x/2'],
    ]);
    expect(within(table).getByText('Oven 12:00–13:00')).toBeTruthy();
    expect(within(table).getByText('None')).toBeTruthy();
    fireEvent.click(links[0] as HTMLElement);
    expect(router.state.location.pathname).toBe('/x/1');
  });
});

describe('the table beside a drawing', () => {
  it('is built when its details are opened, and dropped when they are closed', async () => {
    render(
      <ChartFrame
        title="Today's cost"
        legend={[]}
        readout={null}
        hint="Point at the chart"
        size="small"
        drawing={<span>drawn</span>}
        onKeyDown={() => undefined}
        onBlur={() => undefined}
        table={
          <table>
            <tbody>
              <tr>
                <td>£1.20</td>
              </tr>
            </tbody>
          </table>
        }
      />,
    );
    const details = screen.getByRole('figure').querySelector('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(screen.queryByText('£1.20')).toBeNull();
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await screen.findByText('£1.20')).toBeTruthy();
    details.open = false;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(screen.queryByText('£1.20')).toBeNull());
  });
});
