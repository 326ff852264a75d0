import { messages } from '@homeview/contract/web';
import { Alert } from '../../../shared/ui/Alert';
import type { AutosaveStatus } from '../useAutosave';

/** What an autosaved preference says after a change (spec §8). */
export function AutosaveNote({ status }: { status: AutosaveStatus }) {
  if (status === 'saved') return <Alert tone="info">{messages.preferenceSaved}</Alert>;
  if (status === 'error') return <Alert tone="danger">{messages.couldNotSavePreference}</Alert>;
  return (
    <p className="visually-hidden" role="status">
      {status === 'saving' ? 'Saving' : ''}
    </p>
  );
}
