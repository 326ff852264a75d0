import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../test/app';
import { logIn } from '../../test/fixtures';
import { appliance, energyView } from './fixtures';

// Issue 33 item 16: "Most used appliances" left out the fridge-freezer that "Most costly" listed with no
// word; "Similar homes" bars were a saturated purple of their own; the disabled Next chevron looked
// enabled.

const css = (name: string) => readFileSync(resolve(__dirname, '../../styles', name), 'utf8');

describe('HomeView finish', () => {
  it('says why an all-day appliance is under Most costly only', async () => {
    logIn();
    const kettle = appliance();
    const fridge = appliance({ name: 'Fridge-freezer', appliance_type_id: 9, icon: 'fridge', cost: 0.18 });
    stubApi({
      'GET /energy_info/today/': {
        body: energyView({ most_used_appliances: [kettle], most_costly_appliances: [fridge, kettle] }),
      },
    });
    renderApp('/my-home');
    const used = await screen.findByRole('region', { name: 'Most used appliances' });
    expect(within(used).getByTestId('appliance-rows-note').textContent).toBe(
      'Fridge-freezer runs all day, so it is listed under Most costly appliances only.',
    );
    const costly = screen.getByRole('region', { name: 'Most costly appliances' });
    expect(within(costly).queryByTestId('appliance-rows-note')).toBeNull();
  });

  it("draws similar homes in the palette's own colours, not a purple of their own", () => {
    const charts = css('charts.css');
    expect(charts).toMatch(/--chart-similar: var\(--color-[a-z-]+\);/);
    expect(charts).not.toMatch(/#6d28d9/i);
  });

  it('greys out a disabled Previous or Next step (the shared disabled look is a save under way)', () => {
    const rule = /\.period-picker__step:disabled \{([^}]*)\}/.exec(css('homeview.css'))?.[1] ?? '';
    expect(Number(/opacity: ([\d.]+)/.exec(rule)?.[1])).toBeLessThanOrEqual(0.5);
  });
});
