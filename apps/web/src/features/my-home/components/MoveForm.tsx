import { moveKwhWh } from '@homeview/contract/web';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../shared/ui/TextField';
import { MOVE_KWH_MESSAGE } from '../compare';

// The moved-load column's question (issue 37): how many kWh a day the person would move out of
// 16:00–19:00. Checked here as the contract checks it, so a typo is said beside the field, not as a 400.

export function MoveForm({ moveKwh, onMove }: { moveKwh?: number; onMove: (kwh: number) => void }) {
  const [value, setValue] = useState(moveKwh === undefined ? '' : String(moveKwh));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = value.trim();
    if (moveKwhWh(typed) === null) {
      setError(MOVE_KWH_MESSAGE);
      return;
    }
    setError(null);
    onMove(Number(typed));
  };
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Move use out of the evening">
      <TextField
        label="kWh a day moved from 16:00–19:00"
        hint="Into each time-of-use tariff’s cheapest window (Economy 7, Go, Intelligent Go, Cosy, Flux); a day moves at most what it used 16:00–19:00."
        value={value}
        inputMode="decimal"
        autoComplete="off"
        maxLength={4}
        error={error}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      <p>
        <button type="submit" className="button">
          Price the move
        </button>
      </p>
    </form>
  );
}
