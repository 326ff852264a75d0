import type {
  SupplierConnection,
  SupplierKind,
  SupplierMeter,
  SuppliersResponse,
} from '@homeview/contract/web';
import { useId } from 'react';
import { dayLabel, type Zone } from '../../../shared/time';
import { GasUnitForm } from './GasUnitForm';
import {
  dataUpToLabel,
  ending,
  fuelLabel,
  notStoredLabel,
  pointName,
  rejectedWords,
  stateWords,
  supplierName,
  unitWords,
  whenLabel,
} from './words';

interface ConnectionCardProps {
  connection: SupplierConnection;
  now: number;
  zone: Zone;
  /** The home whose connection it is (the dependant's at the infocare level). */
  userId: number;
  onDisconnect: (connection: SupplierConnection) => void;
  /** A gas meter's unit corrected: the server's new list, and what to tell the person. */
  onUnitChanged: (answer: SuppliersResponse, words: string) => void;
}

/**
 * One supplier account: its state (a progress bar while it fills), its meters, its fetch times, each gas
 * meter's unit to correct, Disconnect.
 */
export function ConnectionCard(props: ConnectionCardProps) {
  const { connection: c, now, zone, userId, onDisconnect, onUnitChanged } = props;
  const progressId = useId();
  const gasMeters = c.meters.filter((m) => m.fuel === 'gas');
  const state = stateWords(c, now, zone);
  const name = `${supplierName(c.kind)} account ${ending(c.account_end)}`;
  return (
    <article className="device-card supplier-card" aria-label={name}>
      <header className="device-card__head">
        <h3 className="device-card__title">
          {supplierName(c.kind)}
          <span className="device-card__id">
            Account <code>{ending(c.account_end)}</code>
          </span>
        </h3>
        <span className={`device-state device-state--${state.tone}`}>{state.word}</span>
      </header>
      {c.state === 'filling' ? (
        <div className="supplier-progress">
          <label htmlFor={progressId}>Fetching the last 13 months</label>
          <div className="supplier-progress__bar">
            <progress id={progressId} max={100} value={c.progress ?? 0}>
              {c.progress ?? 0}%
            </progress>
            <span aria-hidden="true">{c.progress ?? 0}%</span>
          </div>
        </div>
      ) : null}
      <p className="device-card__state">{state.sentence}</p>
      {c.problem !== null && c.state !== 'filling' ? (
        <p className="supplier-card__problem">
          <strong>What {supplierName(c.kind)} said:</strong> {c.problem}
        </p>
      ) : null}
      <dl className="device-card__facts">
        <div>
          <dt>Last fetch</dt>
          <dd>{whenLabel(c.last_fetch_at, zone, 'Not yet')}</dd>
        </div>
        <div>
          <dt>Next fetch</dt>
          <dd>
            {c.state === 'credentials_refused'
              ? 'None until it is connected again'
              : whenLabel(c.next_fetch_at, zone, 'Not planned')}
          </dd>
        </div>
        <div>
          <dt>Connected</dt>
          <dd>{dayLabel(c.created_at, zone)}</dd>
        </div>
      </dl>
      <section aria-label={`Meters of ${name}`} className="supplier-meters">
        <h4 className="supplier-meters__title">Meters</h4>
        {c.meters.length === 0 ? (
          <p>No meter found yet.</p>
        ) : (
          <ul className="supplier-meters__list">
            {c.meters.map((m) => (
              <li key={m.id}>
                <MeterLine kind={c.kind} meter={m} zone={zone} now={now} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {gasMeters.map((m) => (
        <GasUnitForm
          key={`${m.id}-${m.unit}`}
          userId={userId}
          kind={c.kind}
          meter={m}
          onChanged={onUnitChanged}
        />
      ))}
      <p>
        <button type="button" className="button button--secondary" onClick={() => onDisconnect(c)}>
          Disconnect<span className="visually-hidden"> {name}</span>
        </button>
      </p>
    </article>
  );
}

/**
 * 'Electricity (import) · MPAN …4567 · serial …0A1B · data up to 29-11-26' (', 8 days ago' when later than
 * usual); a gas meter says its unit in words, and any meter the figures of its supplier's that were refused.
 */
function MeterLine(props: { kind: SupplierKind; meter: SupplierMeter; zone: Zone; now: number }) {
  const { kind, meter: m, zone, now } = props;
  const unit = unitWords(m);
  const refused = rejectedWords(kind, m.rejected);
  return (
    <>
      <strong>{fuelLabel(m)}</strong>
      <span>
        {pointName(kind, m)} <code>{ending(m.point_end)}</code>
      </span>
      {m.serial_end === null ? null : (
        <span>
          serial <code>{ending(m.serial_end)}</code>
        </span>
      )}
      {unit === null ? null : <span>{unit}</span>}
      {m.stored ? (
        <span>{dataUpToLabel(m, zone, now)}</span>
      ) : (
        <span className="supplier-meters__unstored">{notStoredLabel(m)}</span>
      )}
      {refused === null ? null : <span className="supplier-meters__refused">{refused}</span>}
    </>
  );
}
