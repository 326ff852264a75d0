import type { AccountSession } from '@homeview/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../shared/api';
import { formatDate, formatTime } from '../../../shared/format';
import { Alert } from '../../../shared/ui/Alert';
import { Spinner } from '../../../shared/ui/Spinner';

// The account's signed-in sessions on the password screen (additive, issue 27): when each began and was
// last used, this one marked, and "Sign out everywhere else" once there is another.

const SESSIONS_KEY = ['account', 'sessions'] as const;

const when = (epochSeconds: number) => {
  const date = new Date(epochSeconds * 1000);
  return `${formatDate(date)} ${formatTime(date)}`;
};

function SessionItem({ session }: { session: AccountSession }) {
  return (
    <li>
      {session.current ? <strong>This device</strong> : 'Another device'}: signed in{' '}
      {when(session.created_at)}, last active {when(session.last_seen_at)}
    </li>
  );
}

export function SessionsSection() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => call('sessions', { signal }),
  });
  const endOthers = useMutation({
    mutationFn: () => call('endOtherSessions', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  const sessions = list.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  // Two sessions can look alike (begun and used in the same seconds): the nth of a look keys it.
  const looks = new Map<string, number>();
  const keyed = sessions.map((session) => {
    const look = `${session.created_at}-${session.last_seen_at}-${session.current}`;
    const nth = (looks.get(look) ?? 0) + 1;
    looks.set(look, nth);
    return { key: `${look}-${nth}`, session };
  });
  return (
    <section className="stack" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Where you are signed in</h2>
      {list.isPending ? <Spinner size="sm" /> : null}
      {list.isError ? <Alert tone="danger">{errorMessage(list.error)}</Alert> : null}
      {list.isSuccess ? (
        <ul className="plain-list">
          {keyed.map(({ key, session }) => (
            <SessionItem key={key} session={session} />
          ))}
        </ul>
      ) : null}
      {endOthers.isSuccess ? (
        <Alert tone="info">
          {endOthers.data.ended === 1
            ? 'Signed out of 1 other session.'
            : `Signed out of ${endOthers.data.ended} other sessions.`}
        </Alert>
      ) : null}
      {endOthers.isError ? <Alert tone="danger">{errorMessage(endOthers.error)}</Alert> : null}
      {others > 0 ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {endOthers.isPending ? (
            <>
              <Spinner size="sm" /> Signing out…
            </>
          ) : (
            'Sign out everywhere else'
          )}
        </button>
      ) : null}
    </section>
  );
}
