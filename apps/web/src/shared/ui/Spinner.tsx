/** A decorative spinner; the text next to it says what is happening. */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}
