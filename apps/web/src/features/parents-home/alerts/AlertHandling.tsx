import { type Alert as AlertEntity, TAKE_OVER_AFTER_S } from '@homeview/contract/web';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { nowSeconds } from '../../../shared/clock';
import { dayLabel, timeLabel, type Zone } from '../../../shared/time';
import { Alert } from '../../../shared/ui/Alert';
import { useAlertAnswer } from './queries';

// Several carers, one alert (issue 25): who is on it and who resolved it, always in sight on the card,
// and, inside it, "I'm on it" and resolving with a note. Resolving is offered to the carer on it (the
// answer's `taken.by_you`) or to anyone while nobody is; the server refuses anyone else (two carers
// pressing at once), with a message shown here.

/** The longest note the server keeps (contract ALERT_NOTE_MAX). */
const NOTE_MAX = 1000;

/** The alert's state (issue 33): the one rule behind the card's line, its actions and the header's count. */
export type AlertState = 'open' | 'taken' | 'resolved' | 'closed';
export function alertState(alert: AlertEntity): AlertState {
  if (alert.resolved) return 'resolved';
  if (alert.closed) return 'closed';
  if (alert.taken) return 'taken';
  return 'open';
}

/**
 * Every card's line (issue 33), in the home's clock: "Open: nobody has taken it yet", "Taken by Ann at
 * 10:42", "Resolved by Ann at 10:50", or "Closed by itself: the oven went off at 21:52"; with the day
 * ("on 27-11-26 at 09:15") when it was not the day the alert was raised, which the card shows beside it.
 */
export function handlingLine(alert: AlertEntity, zone: Zone): string {
  const when = (at: number) =>
    dayLabel(at, zone) === dayLabel(alert.timestamp, zone)
      ? `at ${timeLabel(at, zone)}`
      : `on ${dayLabel(at, zone)} at ${timeLabel(at, zone)}`;
  const state = alertState(alert);
  if (state === 'resolved' && alert.resolved)
    return `Resolved by ${alert.resolved.by} ${when(alert.resolved.at)}`;
  if (state === 'closed' && alert.closed) {
    const line = `Closed by itself: ${alert.closed.reason} ${when(alert.closed.at)}`;
    return alert.taken ? `${line} (${alert.taken.by} had taken it)` : line;
  }
  if (state === 'taken' && alert.taken) return `Taken by ${alert.taken.by} ${when(alert.taken.at)}`;
  return 'Open: nobody has taken it yet';
}

/** The line under the card's heading, seen whether the card is open or not. */
export function HandlingStatus({ alert, zone, id }: { alert: AlertEntity; zone: Zone; id: string }) {
  return (
    <p id={id} className={`alert-card__handling alert-card__handling--${alertState(alert)}`}>
      {handlingLine(alert, zone)}
    </p>
  );
}

/** Whether the carer on it has been quiet long enough for another to take over (the server's rule). */
const wentQuiet = (taken: NonNullable<AlertEntity['taken']>) => nowSeconds() - taken.at >= TAKE_OVER_AFTER_S;

/**
 * Inside the open card: the note kept with a resolved alert, or the carer's actions. A pressed button
 * goes away with its answer, so keyboard focus moves on: after "I'm on it" to the note (the next thing
 * to do), after resolving to `onResolved` (the card's toggle, which then reads "Resolved by …").
 */
export function AlertHandling({
  alert,
  dependantId,
  onResolved,
}: {
  alert: AlertEntity;
  dependantId: number;
  onResolved?: () => void;
}) {
  const answer = useAlertAnswer(dependantId, alert.id);
  const [note, setNote] = useState('');
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const noteId = useId();
  const hintId = `${noteId}-hint`;

  if (alert.resolved) {
    return alert.resolved.note ? (
      <figure className="alert-card__note">
        <figcaption>Note from {alert.resolved.by}</figcaption>
        <blockquote>{alert.resolved.note}</blockquote>
      </figure>
    ) : null;
  }

  // Only the carer on it may resolve it, or anyone while nobody is (who then takes it too): the others
  // are told who is dealing with it rather than offered a button the server would refuse; once that carer
  // has been quiet for a while, another may take over (issue 33).
  if (alert.taken && alert.taken.by_you !== true) {
    const { by } = alert.taken;
    return (
      <div className="alert-card__handle">
        <p>{by} is dealing with this alert; only they can mark it resolved.</p>
        {!alert.closed && wentQuiet(alert.taken) ? (
          <p>
            <button
              type="button"
              className="button button--secondary"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ take_over: true })}
            >
              Take over from {by}
            </button>
          </p>
        ) : null}
        {answer.isError ? <Alert tone="danger">{errorMessage(answer.error)}</Alert> : null}
      </div>
    );
  }

  const resolve = (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    answer.mutate(text ? { resolve: true, note: text } : { resolve: true }, {
      onSuccess: (answered) => {
        if (answered.resolved) onResolved?.();
      },
    });
  };

  return (
    <div className="alert-card__handle">
      {/* Over by itself: nothing left to take, though a carer may still note it resolved (issue 33). */}
      {alert.taken || alert.closed ? null : (
        <div className="alert-card__take">
          <p>Let the other carers know you are dealing with this.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={answer.isPending}
            onClick={() =>
              answer.mutate(
                { take: true },
                {
                  onSuccess: (answered) => {
                    if (answered.taken?.by_you) noteRef.current?.focus();
                  },
                },
              )
            }
          >
            I'm on it
          </button>
        </div>
      )}
      <form className="alert-card__resolve" onSubmit={resolve} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={noteId}>
            Note for the other carers (optional)
          </label>
          <p className="field__hint" id={hintId}>
            What you found or did, e.g. "Rang: all well, was in the garden".
          </p>
          <div className="field__control">
            <textarea
              ref={noteRef}
              id={noteId}
              name="note"
              className="field__input field__textarea"
              rows={2}
              maxLength={NOTE_MAX}
              value={note}
              aria-describedby={hintId}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
        </div>
        <p>
          <button type="submit" className="button button--secondary" disabled={answer.isPending}>
            Mark resolved
          </button>
        </p>
      </form>
      {answer.isError ? <Alert tone="danger">{errorMessage(answer.error)}</Alert> : null}
    </div>
  );
}
