import { MODE_STATUSES, type ModeStatus } from '@homeview/contract/web';

const LABELS: Record<ModeStatus, string> = { DISABLED: 'Off', ENABLED: 'On', SCHEDULED: 'Scheduled' };

/** The three options of holiday mode and Do Not Disturb (spec §4), as one labelled radio group. */
export function ModeStatusRadios(props: {
  legend: string;
  value: ModeStatus;
  onChange: (status: ModeStatus) => void;
}) {
  return (
    <fieldset className="choice-group">
      <legend className="field__label">{props.legend}</legend>
      {MODE_STATUSES.map((status) => (
        <label key={status} className="choice">
          <input
            type="radio"
            name="status"
            value={status}
            checked={props.value === status}
            onChange={() => props.onChange(status)}
          />
          {LABELS[status]}
        </label>
      ))}
    </fieldset>
  );
}
