import type { ApplianceDetail } from '@homeview/contract/web';

// Where a home's appliance stands among comparable homes (1st is the lowest), in the same words on
// HomeView's and InfoCare's appliance pages.

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

export function ApplianceRankings({
  rankings: r,
  className,
}: {
  rankings: ApplianceDetail['appliance_rankings'];
  className: string;
}) {
  if (r.out_of === 0) return null;
  const place = (n: number) => `${ordinal(n)} of ${r.out_of}`;
  return (
    <dl className={className}>
      <div>
        <dt>Cost</dt>
        <dd>{place(r.cost)}</dd>
      </div>
      <div>
        <dt>Time on</dt>
        <dd>{place(r.duration)}</dd>
      </div>
      <div>
        <dt>Energy</dt>
        <dd>{place(r.consumption)}</dd>
      </div>
    </dl>
  );
}
