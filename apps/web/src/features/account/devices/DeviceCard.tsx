import type { Device } from '@homeview/contract/web';
import type { Zone } from '../../../shared/time';
import {
  kindLabel,
  lastMessageLabel,
  measuresLabel,
  refusedLabel,
  stateWords,
  todayLabel,
  topicFor,
} from './words';

interface DeviceCardProps {
  device: Device;
  now: number;
  zone: Zone;
  onRemove: (device: Device) => void;
}

/** One device: kind and id, what it measures, last accepted and refused messages, today's readings, its state. */
export function DeviceCard({ device, now, zone, onRemove }: DeviceCardProps) {
  const state = stateWords(device, zone);
  const refused = refusedLabel(device, now, zone);
  return (
    <article className="device-card" aria-label={`${kindLabel(device.kind)} ${device.device_id}`}>
      <header className="device-card__head">
        <h3 className="device-card__title">
          {kindLabel(device.kind)}
          <code className="device-card__id">{device.device_id}</code>
        </h3>
        <span className={`device-state device-state--${state.tone}`}>{state.word}</span>
      </header>
      <dl className="device-card__facts">
        <div>
          <dt>Measures</dt>
          <dd>{measuresLabel(device)}</dd>
        </div>
        <div>
          <dt>Last message accepted</dt>
          <dd>{lastMessageLabel(device, now, zone)}</dd>
        </div>
        {refused === null ? null : (
          <div>
            <dt>Refused</dt>
            <dd>{refused}</dd>
          </div>
        )}
        <div>
          <dt>Today</dt>
          <dd>{todayLabel(device)}</dd>
        </div>
        <div>
          <dt>Publishes to</dt>
          <dd>
            <code>{topicFor(device.kind, device.device_id)}</code>
          </dd>
        </div>
      </dl>
      <p className="device-card__state">{state.sentence}</p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => onRemove(device)}>
          Remove<span className="visually-hidden"> {device.device_id}</span>
        </button>
      </p>
    </article>
  );
}
