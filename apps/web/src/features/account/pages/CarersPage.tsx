import { type CheckInSettings, type HeldInvite, normalisePhone, PHONE_MESSAGE } from '@homeview/contract/web';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { getDependantUserId } from '../../../shared/storage';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { TextField } from '../../../shared/ui/TextField';
import { useCarers, useCheckIn, useDecideHeld, useInvite, useSaveCheckIn } from '../carers/queries';
import { AccountLayout } from '../components/AccountLayout';

/**
 * /account/infocare/carers (issue 25): who looks after the dependant's home, inviting another carer by
 * email, and "a word with them first": a text to the dependant before the carers hear of a Warning.
 */
export function CarersPage() {
  const dependantId = getDependantUserId();
  const carers = useCarers(dependantId);
  const name = carers.data?.dependant ?? 'them';
  return (
    <AccountLayout title="Carers" back={{ to: '/account/infocare', label: 'InfoCare' }}>
      {carers.isPending && dependantId !== null ? <LoadingState title="Loading carers" /> : null}
      {carers.isError ? <Alert tone="danger">{errorMessage(carers.error)}</Alert> : null}
      {carers.data ? (
        <section className="stack" aria-labelledby="carers-heading">
          <h2 id="carers-heading" className="carers__heading">
            Looking after {name}
          </h2>
          <ul className="carer-list">
            {carers.data.carers.map((c) => (
              <li key={`${c.name}-${c.since}`} className="carer-list__item">
                <span className="carer-list__name">{c.name}</span>
                {c.you ? <span className="carer-list__you">(you)</span> : null}
              </li>
            ))}
          </ul>
          {carers.data.invites.length > 0 ? (
            <>
              <h3>Invited, not yet joined</h3>
              <ul className="carer-list carer-list--pending">
                {carers.data.invites.map((i) => (
                  <li key={`${i.email}-${i.expires_at}`} className="carer-list__item">
                    <span className="carer-list__name">{i.email}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <HeldInvites dependantId={dependantId} name={name} held={carers.data.held} />
          <InviteForm dependantId={dependantId} name={name} />
        </section>
      ) : null}
      {dependantId !== null ? <CheckIn dependantId={dependantId} name={name} /> : null}
    </AccountLayout>
  );
}

/** Who opened it beyond their name: the username when it differs, and the account's address. */
const who = (h: HeldInvite) =>
  [h.name === h.username ? null : `username ${h.username}`, h.account_email ?? 'no email address']
    .filter(Boolean)
    .join(', ');

/**
 * Invitations opened by an account whose address is not the one invited (issue 34.7): that person has
 * not joined. The carer who sent it lets them join or refuses; the others see who is to decide. The
 * answer to a decision stays once the list, refreshed, holds no more: "Bob is now one of Mum's carers."
 */
function HeldInvites({
  dependantId,
  name,
  held,
}: {
  dependantId: number | null;
  name: string;
  held: HeldInvite[];
}) {
  const decide = useDecideHeld(dependantId);
  const answer = decide.isError ? (
    <Alert tone="danger">{errorMessage(decide.error)}</Alert>
  ) : decide.isSuccess ? (
    <Alert tone="info">{decide.data.detail}</Alert>
  ) : null;
  if (held.length === 0) return answer;
  return (
    <section className="stack" aria-labelledby="held-heading">
      <h3 id="held-heading">Opened by someone else: not joined</h3>
      <ul className="carer-list carer-list--held">
        {held.map((h) => (
          <li key={h.id} className="carer-list__item carer-list__item--held">
            <p className="carer-list__what">
              <span className="carer-list__name">{h.name}</span> ({who(h)}) opened the invitation sent to{' '}
              {h.email}. They see nothing of {name}'s home until{' '}
              {h.yours ? 'you let them join' : `${h.inviter || 'its sender'} lets them join`}.
            </p>
            {h.yours ? (
              <p className="carer-list__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ inviteId: h.id, confirm: true })}
                >
                  Let {h.name} join
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ inviteId: h.id, confirm: false })}
                >
                  Refuse
                </button>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {answer}
    </section>
  );
}

function InviteForm({ dependantId, name }: { dependantId: number | null; name: string }) {
  const [email, setEmail] = useState('');
  const invite = useInvite(dependantId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(email.trim(), { onSuccess: () => setEmail('') });
  };
  return (
    <form className="stack" onSubmit={submit} aria-busy={invite.isPending} noValidate>
      <TextField
        label="Invite another carer by email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          invite.reset();
        }}
        hint={`They get a link that works once, for 7 days. Opened while signed in with that address, it makes them one of ${name}'s carers; from another account, it waits for you to confirm.`}
      />
      {invite.isError ? <Alert tone="danger">{errorMessage(invite.error)}</Alert> : null}
      {invite.isSuccess ? <Alert tone="info">{invite.data.detail}</Alert> : null}
      <p>
        <button
          type="submit"
          className="button button--secondary"
          disabled={invite.isPending || email.trim() === ''}
        >
          Send invitation
        </button>
      </p>
    </form>
  );
}

function CheckIn({ dependantId, name }: { dependantId: number; name: string }) {
  const saved = useCheckIn(dependantId);
  return (
    <section className="stack" aria-labelledby="check-in-heading">
      <h2 id="check-in-heading" className="carers__heading">
        A word with {name} first
      </h2>
      <p>
        For an Investigate alert (never an Urgent one), text {name} first: "Please reply OK if all is well".
        If they reply OK within 20 minutes the alert is resolved and you are told only that; otherwise you are
        told as usual, with their reply.
      </p>
      {saved.isError ? <Alert tone="danger">{errorMessage(saved.error)}</Alert> : null}
      {saved.data ? <CheckInForm dependantId={dependantId} saved={saved.data} /> : null}
    </section>
  );
}

function CheckInForm({ dependantId, saved }: { dependantId: number; saved: CheckInSettings }) {
  const [form, setForm] = useState(() => ({ ...saved, phone: saved.phone ?? '' }));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCheckIn(dependantId);
  const set = (change: Partial<typeof form>) => {
    setForm({ ...form, ...change });
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const phone = normalisePhone(form.phone);
    const wrong =
      phone === undefined
        ? PHONE_MESSAGE
        : form.enabled && phone === null
          ? 'Enter their mobile number'
          : null;
    setProblem(wrong);
    if (wrong !== null || phone === undefined) return;
    save.mutate({
      dependant_user_id: dependantId,
      enabled: form.enabled,
      phone,
      name: form.name,
      window_start: form.window_start,
      window_end: form.window_end,
    });
  };
  return (
    <form className="stack check-in-form" onSubmit={submit} aria-busy={save.isPending} noValidate>
      <label className="choice">
        <input type="checkbox" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        Text them first
      </label>
      <TextField
        label="Their mobile number"
        type="tel"
        autoComplete="off"
        inputMode="tel"
        value={form.phone}
        onChange={(e) => set({ phone: e.target.value })}
        hint="Their own mobile, which gets the text: like 07700 900123 or +44 7700 900123."
        error={problem}
      />
      <TextField
        label="Greet them as"
        value={form.name}
        maxLength={40}
        onChange={(e) => set({ name: e.target.value })}
        hint={`"Hello ${form.name || '…'}, this is a check from your family's InfoCare."`}
      />
      <fieldset className="check-in-form__window">
        <legend className="field__label">Only between (their time)</legend>
        <TextField
          label="From"
          type="time"
          value={form.window_start}
          onChange={(e) => set({ window_start: e.target.value })}
        />
        <TextField
          label="Until"
          type="time"
          value={form.window_end}
          onChange={(e) => set({ window_end: e.target.value })}
        />
      </fieldset>
      {save.isError ? <Alert tone="danger">{errorMessage(save.error)}</Alert> : null}
      {save.isSuccess ? (
        <Alert tone="info">
          {save.data.enabled ? 'Saved: they will be texted first' : 'Saved: no texts to them'}
        </Alert>
      ) : null}
      <p>
        <button type="submit" className="button button--secondary" disabled={save.isPending}>
          Save
        </button>
      </p>
    </form>
  );
}
