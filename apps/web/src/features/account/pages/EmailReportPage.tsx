import type { EmailReportCode, Settings } from '@homeview/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { AccountLayout } from '../components/AccountLayout';
import { AutosaveNote } from '../components/AutosaveNote';
import { levelUserId } from '../ids';
import { accountKey, useAccountRead } from '../queries';
import { useAutosave } from '../useAutosave';

// §3 email_report: 0 never, 1 daily, 2 weekly, 3 monthly.
const OPTIONS: { code: EmailReportCode; label: string }[] = [
  { code: 0, label: 'Never' },
  { code: 1, label: 'Daily' },
  { code: 2, label: 'Weekly' },
  { code: 3, label: 'Monthly' },
];

/** /account/infocare/email-report (spec §2.4): how often a summary is emailed, autosaved. */
export function EmailReportPage() {
  const userId = levelUserId('infocare');
  const settings = useAccountRead('settingsGet', userId);
  return (
    <AccountLayout title="Email Report" back={{ to: '/account/infocare', label: 'InfoCare' }}>
      {settings.isPending ? <LoadingState title="Loading preferences" /> : null}
      {settings.isError ? <Alert tone="danger">{errorMessage(settings.error)}</Alert> : null}
      {settings.data && userId !== null ? <ReportChoice userId={userId} saved={settings.data} /> : null}
    </AccountLayout>
  );
}

function ReportChoice({ userId, saved }: { userId: number; saved: Settings }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState<EmailReportCode>(saved.email_report);
  const autosave = useAutosave(async (value: EmailReportCode) => {
    const answer = await call('settingsPost', { fields: { user_id: userId, email_report: value } });
    queryClient.setQueryData(accountKey('settingsGet', userId), answer);
  });
  return (
    <div className="stack">
      <fieldset className="choice-group">
        <legend className="field__label">Email me a report</legend>
        {OPTIONS.map((option) => (
          <label key={option.code} className="choice">
            <input
              type="radio"
              name="email_report"
              checked={code === option.code}
              onChange={() => {
                setCode(option.code);
                autosave.schedule(option.code);
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <AutosaveNote status={autosave.status} />
    </div>
  );
}
