// The mark of appliance uses estimated from the whole-house meter, not measured by a plug (issue 24):
// small words beside what they qualify, never a colour or a symbol alone, so a screen reader says it too.
// Beside a name it is a small outlined tag; inside a sentence (`inText`) just the words, emphasised.

export function EstimatedNote({
  whose = 'your',
  inText = false,
}: {
  whose?: 'your' | 'the';
  inText?: boolean;
}) {
  return (
    <span className={inText ? 'estimated-note--text' : 'estimated-note'}>estimated from {whose} meter</span>
  );
}
