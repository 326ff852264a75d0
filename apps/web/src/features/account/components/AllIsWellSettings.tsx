import { allIsWellChannels, allIsWellCode, type Settings } from '@homeview/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../shared/api';
import { TextField } from '../../../shared/ui/TextField';
import { accountKey, usePushOff } from '../queries';
import { useAutosave } from '../useAutosave';
import { AutosaveNote } from './AutosaveNote';

// Issue 25: the carer's own daily "all is well" message about the home they care for, by email, SMS, push
// (issue 36) or none, from a time of their choosing (the home's clock). Autosaved as the alert channels are.

interface Choice {
  email: boolean;
  sms: boolean;
  push: boolean;
  time: string;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

export function AllIsWellSettings({ userId, saved }: { userId: number; saved: Settings }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice>({
    ...allIsWellChannels(saved.all_is_well ?? 0),
    time: saved.all_is_well_time ?? '10:00',
  });
  const autosave = useAutosave(async (c: Choice) => {
    const channels = allIsWellCode(c);
    const answer = await call('settingsPost', {
      fields: { user_id: userId, all_is_well: channels, all_is_well_time: c.time },
    });
    queryClient.setQueryData(accountKey('settingsGet', userId), answer);
  });
  const pushOff = usePushOff();
  const change = (next: Choice) => {
    setChoice(next);
    if (CLOCK.test(next.time)) autosave.schedule(next);
    else autosave.cancel();
  };

  return (
    <section className="stack" aria-labelledby="all-is-well">
      <h2 id="all-is-well">Daily “all is well”</h2>
      <p>
        A short message when the morning has started as usual and nothing needs you, such as “Kettle at 07:09,
        usual time; nothing needs you”. Never sent on a day with an alert or without data.
      </p>
      <p>
        A home known only from its meter’s half-hours, a day late, gets yesterday instead, once its half-hours
        are in and it was an ordinary day: “Yesterday, from the meter: An ordinary day: active 7 h against the
        usual 6–8 h. …”.
      </p>
      <fieldset className="choice-group">
        <legend className="field__label">Send the daily message</legend>
        <label className="choice">
          <input
            type="checkbox"
            checked={choice.email}
            onChange={() => change({ ...choice, email: !choice.email })}
          />
          By email
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={choice.sms}
            onChange={() => change({ ...choice, sms: !choice.sms })}
          />
          By SMS
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={choice.push}
            disabled={pushOff && !choice.push}
            onChange={() => change({ ...choice, push: !choice.push })}
          />
          {pushOff ? 'By push notification (not set up on this server)' : 'By push notification'}
        </label>
      </fieldset>
      <TextField
        label="Not before (the home's clock)"
        type="time"
        value={choice.time}
        onChange={(e) => change({ ...choice, time: e.target.value })}
        error={CLOCK.test(choice.time) ? null : 'Enter a time such as 10:00'}
        required
      />
      <AutosaveNote status={autosave.status} />
    </section>
  );
}
