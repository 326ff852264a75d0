import type { FuelChoice } from '../fuels';

const CHOICES: ReadonlyArray<{ id: FuelChoice; label: string }> = [
  { id: 'electricity', label: 'Electricity' },
  { id: 'gas', label: 'Gas' },
  { id: 'both', label: 'Both' },
];

/**
 * A gas home's fuel switch over the chart and its table (issue 35): native radios in a labelled group,
 * so arrow keys move the choice and the focus ring shows (the £ / kWh switch's look).
 */
export function FuelSwitch({
  name,
  fuel,
  onChange,
}: {
  name: string;
  fuel: FuelChoice;
  onChange: (fuel: FuelChoice) => void;
}) {
  return (
    <fieldset className="segmented period-chart__unit period-chart__fuel">
      <legend className="visually-hidden">Show the chart for</legend>
      {CHOICES.map((c) => (
        <label key={c.id} className="segmented__option">
          <input
            type="radio"
            name={name}
            value={c.id}
            checked={fuel === c.id}
            onChange={() => onChange(c.id)}
          />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
