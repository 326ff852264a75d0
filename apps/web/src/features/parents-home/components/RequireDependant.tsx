import type { ReactNode } from 'react';
import { getDependantUserId } from '../../../shared/storage';
import { useStoredUser } from '../../../shared/useStoredUser';
import { Alert } from '../../../shared/ui/Alert';

/**
 * InfoCare reads and writes use the dependant's id (spec §6). An account that looks after nobody has
 * no InfoCare: say so instead of sending calls without an id.
 */
export function RequireDependant({ children }: { children: (dependantId: number) => ReactNode }) {
  useStoredUser(); // re-render when the session changes
  const dependantId = getDependantUserId();
  if (dependantId === null) {
    return (
      <Alert tone="info">
        This account does not look after anyone's home, so there is nothing to show here.
      </Alert>
    );
  }
  return <>{children(dependantId)}</>;
}
