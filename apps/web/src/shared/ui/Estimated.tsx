// The mark of appliance uses estimated from the whole-house meter, not measured by a plug (issue 24):
// small words beside what they qualify, never a colour or a symbol alone, so a screen reader says it too.

export function EstimatedNote({ whose = 'your' }: { whose?: 'your' | 'the' }) {
  return <span className="estimated-note">estimated from {whose} meter</span>;
}
