import { LineIcon } from './icons';

// Appliance, activity and alert icons, by the `icon` names the API sends (the appliance catalogue, the
// InfoCare activities and alerts). Small line drawings on the 24 px grid in the text colour, decorative:
// they always stand beside the name, so they are hidden from assistive technology. Shared by HomeView
// and InfoCare; an unknown name draws a plug.

const DRAWINGS: Record<string, string> = {
  kettle: 'M5 20h12l-1.5-11h-9L5 20ZM8 9c0-2.5 1.5-4 3-4s3 1.5 3 4M15.7 12l3.8-3',
  microwave: 'M3 6h18v12H3ZM6 9h9v6H6ZM18 9v1M18 13v1',
  oven: 'M4 3h16v18H4ZM4 8h16M8 11h8v6H8ZM8 5.5h.01M12 5.5h.01M16 5.5h.01',
  hob: 'M3 4h18v16H3ZM8 9.5a2 2 0 1 0 0 .01M16 9.5a2 2 0 1 0 0 .01M8 15a2 2 0 1 0 0 .01M16 15a2 2 0 1 0 0 .01',
  toaster: 'M4 11a4 4 0 0 1 4-4h8a4 4 0 0 1 4 4v9H4ZM8 7V4h3v3M13 7V4h3v3M16 14h1',
  dishwasher: 'M5 3h14v18H5ZM5 7h14M8 5h.01M9 12h6M9 15h6M9 18h6',
  'washing-machine': 'M4 3h16v18H4ZM4 7h16M7 5h.01M10 5h.01M12 10a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z',
  'tumble-dryer':
    'M4 3h16v18H4ZM4 7h16M7 5h.01M12 10a4 4 0 1 0 0 8 4 4 0 0 0 0-8ZM10 14.5c.7-.7 1.3-.7 2 0s1.3.7 2 0',
  shower: 'M5 21V7a4 4 0 0 1 4-4h1a4 4 0 0 1 4 4M10 9h8M12 13v1M14 13v2M16 13v1M12 17v1M16 17v1',
  fridge: 'M6 2h12v20H6ZM6 9h12M9 5v2M9 12v3',
  tv: 'M3 5h18v12H3ZM8 21h8M12 17v4',
  vacuum: 'M9 3v13M9 3h3M5 21h9a4 4 0 0 0-4-5H7a2 2 0 0 0-2 2Z',
  computer: 'M5 5h14v10H5ZM3 19h18',
  iron: 'M3 18h17v-3a6 6 0 0 0-6-6H8a5 5 0 0 0-5 5ZM8 9V6h9',
  'ev-charger': 'M3 15l2-6h14l2 6v3H3ZM3 15h18M7 18v2M17 18v2M7.5 12h.01M16.5 12h.01',
  'heat-pump': 'M3 5h18v14H3ZM10 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8ZM10 12h.01M17 8v8',
  lighting: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9V16h7v-2.1A6 6 0 0 0 12 3Z',
  // Alerts with no appliance of their own.
  sunrise: 'M3 18h18M6 18a6 6 0 0 1 12 0M12 4v5M4.5 10.5 6 12M19.5 10.5 18 12',
  hourglass: 'M7 3h10M7 21h10M8 3v3l4 6-4 6v3M16 3v3l-4 6 4 6v3',
  'no-data':
    'M3 3l18 18M2 9a15 15 0 0 1 5-3M12 5a15 15 0 0 1 10 4M5 13a10 10 0 0 1 3-2M16 11.5a10 10 0 0 1 3 1.5M8.5 16.5a5 5 0 0 1 7 0M12 20h.01',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7v5l3 2',
};

const PLUG = 'M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0V8ZM12 17v4';

/** The names this module draws (anything else is drawn as a plug). */
export const DRAWN_ICONS: readonly string[] = Object.keys(DRAWINGS);

/** The drawing of an appliance, activity or alert icon name; decorative (aria-hidden). */
export function ThingIcon({ name, className = 'thing-icon' }: { name: string; className?: string }) {
  return (
    <LineIcon className={className}>
      <path d={DRAWINGS[name] ?? PLUG} data-icon={name in DRAWINGS ? name : 'plug'} />
    </LineIcon>
  );
}
