/** What a silent failure (spec §8: timeline, activity and activity detail) or an empty answer shows. */
export function QuietEmpty({ children }: { children: string }) {
  return <p className="quiet-empty">{children}</p>;
}
