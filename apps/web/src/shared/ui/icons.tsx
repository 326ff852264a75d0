// Hand-drawn icons. Decorative: the text beside them carries the meaning, so they are hidden from
// assistive technology. Colours come from the stylesheet (currentColor and .icon__accent).
import type { ReactNode } from 'react';

interface IconProps {
  className?: string;
}

/** HomeView: a house with a lightning bolt and the sun beside it. */
export function HomeEnergyIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 23 22 9l17 14" />
        <path d="M10 19v19a2 2 0 0 0 2 2h20a2 2 0 0 0 2-2V19" />
      </g>
      <path className="icon__accent" d="M24 20.5 16.5 31h5.5l-2 8.5 8-11.5h-5.5Z" />
      <g className="icon__sun" fill="none" strokeWidth="2.2" strokeLinecap="round">
        <circle cx="40" cy="9" r="3.2" />
        <path d="M40 2.5v1.2M40 14.3v1.2M33.5 9h1.2M45.3 9h1.2M35.4 4.4l.9.9M43.7 12.7l.9.9M44.6 4.4l-.9.9" />
      </g>
    </svg>
  );
}

/** InfoCare: a house with a heart inside. */
export function HomeCareIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 23 24 7l19 16" />
        <path d="M10 19v19a2 2 0 0 0 2 2h24a2 2 0 0 0 2-2V19" />
      </g>
      <path
        className="icon__accent"
        d="M24 36.5c-5.6-3.9-8.5-7-8.5-10.2a4.3 4.3 0 0 1 8.5-1.2 4.3 4.3 0 0 1 8.5 1.2c0 3.2-2.9 6.3-8.5 10.2Z"
      />
    </svg>
  );
}

/** The product mark used in headers (same drawing as the favicon). */
export function BrandMark({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" className="brand-mark__tile" />
      <path d="M14 31 32 16l18 15v17a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2Z" className="brand-mark__house" />
      <path d="M34.5 25 26 38.5h6.5L29.5 47l9-13.5h-6.5Z" className="brand-mark__bolt" />
    </svg>
  );
}

export function ChevronIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** Line icons of the dashboards' header and bottom bar: 24 px grid, drawn with the text colour. */
export function LineIcon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className ?? 'line-icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const BackIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M15 5l-7 7 7 7" />
  </LineIcon>
);

export const UserIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </LineIcon>
);

/** Today: the sun over a horizon. */
export const TodayIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </LineIcon>
);

/** Usage: bars of a chart. */
export const UsageIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />
  </LineIcon>
);

/** Rankings: a podium. */
export const RankingsIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M3 20h18M5 20v-6h4v6M10 20V9h4v11M15 20v-8h4v8" />
  </LineIcon>
);

/** Appliances: a plug. */
export const ApplianceIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0V8ZM12 17v4" />
  </LineIcon>
);

/** Feedback: a speech bubble. */
export const FeedbackIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M4 5h16v11H9l-5 4V5Z" />
  </LineIcon>
);

/** Alerts (InfoCare): a bell. */
export const AlertsIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0" />
  </LineIcon>
);

/** Activities (InfoCare): a pulse line. */
/** A line rising over weeks: InfoCare's Trends. */
export const TrendsIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M4 19h16" />
    <path d="m4 15 5-5 4 3 7-7" />
    <path d="M15 6h5v5" />
  </LineIcon>
);

export const ActivitiesIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M3 12h4l2-5 4 10 2-5h6" />
  </LineIcon>
);
