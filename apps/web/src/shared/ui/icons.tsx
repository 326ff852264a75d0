// Hand-drawn icons. Decorative: the text beside them carries the meaning, so they are hidden from
// assistive technology. Colours come from the stylesheet (currentColor and .icon__accent).

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
