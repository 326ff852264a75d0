import { type Alert as AlertEntity, alertLevelLabel } from '@homeview/contract/web';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { getIsDemoUser } from '../../../shared/storage';
import { dayLabel, timeLabel, type Zone } from '../../../shared/time';
import { Alert } from '../../../shared/ui/Alert';
import { ChevronIcon } from '../../../shared/ui/icons';
import { EstimatedNote } from '../../../shared/ui/Estimated';
import { ThingIcon } from '../../../shared/ui/thingIcons';
import { AlertHandling, HandlingStatus } from './AlertHandling';
import { needsAttention, useAlertAnswer } from './queries';

/** The element id a lozenge scrolls to. */
export const alertElementId = (id: number) => `alert-${id}`;

/**
 * Whether a card starts collapsed (spec §4 "Alert card"): once it has been viewed; in the activity
 * variants also once it has an assessment. So an alert nobody has seen starts open.
 */
export const startsCollapsed = (alert: AlertEntity, variant: 'list' | 'activity'): boolean =>
  !needsAttention(alert) || (variant === 'activity' && alert.assessments.length > 0);

/**
 * What the card's toggle does, said first in its accessible name, before the card's visible text: an
 * unviewed card is marked as seen by any move of the carer, opening it or folding away the one that came open.
 */
export function toggleAction(expanded: boolean, fresh: boolean): string {
  const move = expanded ? 'Hide details' : 'Show details';
  return fresh ? `${move} and mark as seen` : move;
}

/**
 * One alert (spec §2.3, §4). Showing a card open records nothing; the carer moving an unviewed card
 * records a viewing, whether expanding it (spec-decisions "Alert viewings") or collapsing the one that
 * started open (the lead's decision: it has been read and folded away; features/parents-home/README.md).
 * An alert without an assessment can be marked Correct or Incorrect, except by the demo user ("Demo flag").
 */
export function AlertCard({
  alert,
  dependantId,
  variant = 'list',
  zone,
}: {
  alert: AlertEntity;
  dependantId: number;
  variant?: 'list' | 'activity';
  /** The dependant house's zone (`time_zone` of the answer that brought the alert). */
  zone: Zone;
}) {
  const [expanded, setExpanded] = useState(() => !startsCollapsed(alert, variant));
  const viewing = useAlertAnswer(dependantId, alert.id);
  const bodyId = useId();
  // Who is on it is read with the toggle (its description), so a screen reader going from card to card
  // hears it without opening each one.
  const handlingId = `${bodyId}-handling`;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const label = alertLevelLabel(alert.level);
  const fresh = needsAttention(alert);

  const toggle = () => {
    setExpanded(!expanded);
    if (fresh && !viewing.isPending) viewing.mutate({ viewed: true });
  };

  return (
    <article
      id={alertElementId(alert.id)}
      className={`alert-card alert-card--${label.toLowerCase()}${fresh ? ' alert-card--fresh' : ''}`}
    >
      <h3 className="alert-card__heading">
        <button
          ref={toggleRef}
          type="button"
          className="alert-card__toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-describedby={handlingId}
          onClick={toggle}
        >
          <span className="visually-hidden">{toggleAction(expanded, fresh)}: </span>
          <ThingIcon name={alert.icon} className="thing-icon alert-card__icon" />
          {/* The spaces (not rendered between grid items) keep the words of the name apart. */}
          <span className={`level level--${label.toLowerCase()}`}>{label}</span>{' '}
          <span className="alert-card__name">{alert.name}</span>{' '}
          <span className="alert-card__when">
            <time dateTime={new Date(alert.timestamp * 1000).toISOString()}>
              {dayLabel(alert.timestamp, zone)} {timeLabel(alert.timestamp, zone)}
            </time>
          </span>
          {fresh ? ' ' : null}
          {fresh ? <span className="alert-card__new">Needs attention</span> : null}
          <ChevronIcon className="alert-card__chevron" />
        </button>
      </h3>
      <HandlingStatus alert={alert} zone={zone} id={handlingId} />
      {/* Outside the body: a viewing recorded on collapsing fails visibly too (the next move retries). */}
      {viewing.isError ? <Alert tone="danger">{errorMessage(viewing.error)}</Alert> : null}
      <div id={bodyId} className="alert-card__body" hidden={!expanded}>
        {expanded ? (
          <>
            <p>{alert.text}</p>
            <AlertHandling
              alert={alert}
              dependantId={dependantId}
              onResolved={() => toggleRef.current?.focus()}
            />
            {alert.estimated ? (
              <p className="muted">
                The uses behind this alert are <EstimatedNote whose="the" inText />, not measured on each
                appliance.
              </p>
            ) : null}
            <Assessment alert={alert} dependantId={dependantId} />
          </>
        ) : null}
      </div>
    </article>
  );
}

function Assessment({ alert, dependantId }: { alert: AlertEntity; dependantId: number }) {
  const answer = useAlertAnswer(dependantId, alert.id);
  if (alert.assessments.length > 0) {
    return (
      <div className="alert-card__assessed">
        <p>Marked as correct or incorrect</p>
        <Link to={`/parents-home/alert-feedback/${alert.id}`} className="button button--secondary">
          Send Feedback
        </Link>
      </div>
    );
  }
  if (getIsDemoUser()) return null;
  return (
    <div className="alert-card__assess">
      <p className="alert-card__question">Was this alert right?</p>
      <div className="alert-card__buttons">
        <button
          type="button"
          className="button button--secondary"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ correct: false })}
        >
          Incorrect
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ correct: true })}
        >
          Correct
        </button>
      </div>
      {answer.isError ? <Alert tone="danger">{errorMessage(answer.error)}</Alert> : null}
    </div>
  );
}
