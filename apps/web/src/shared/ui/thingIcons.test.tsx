import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { DRAWN_ICONS, ThingIcon } from './thingIcons';

// The icon names the API sends: the appliance catalogue (packages/simulator/src/catalogue.ts), the
// InfoCare activities and the alerts without an appliance (packages/domain/src/infocare). The e2e test
// checks the real answers draw no fallback on the InfoCare screens.
const SENT = [
  'kettle',
  'microwave',
  'oven',
  'hob',
  'toaster',
  'dishwasher',
  'washing-machine',
  'tumble-dryer',
  'shower',
  'fridge',
  'tv',
  'vacuum',
  'computer',
  'iron',
  'ev-charger',
  'heat-pump',
  'sunrise',
  'hourglass',
  'no-data',
  'clock',
];

describe('appliance, activity and alert icons', () => {
  it('draws every icon name the API sends, hidden from assistive technology', () => {
    expect(SENT.filter((name) => !DRAWN_ICONS.includes(name))).toEqual([]);
    for (const name of SENT) {
      const { container, unmount } = render(<ThingIcon name={name} />);
      const svg = container.querySelector('svg');
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      expect(svg?.querySelector('path')?.getAttribute('data-icon')).toBe(name);
      unmount();
    }
  });

  it('draws a plug for a name it does not know', () => {
    const { container } = render(<ThingIcon name="spaceship" />);
    expect(container.querySelector('path')?.getAttribute('data-icon')).toBe('plug');
  });
});
