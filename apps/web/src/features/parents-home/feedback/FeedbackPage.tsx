import { call } from '../../../shared/api';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { RequireDependant } from '../components/RequireDependant';
import { FeedbackForm } from '../../../shared/ui/FeedbackForm';

/** /parents-home/feedback: general feedback, sent for the dependant's home (spec-decisions "Ids"). */
export function FeedbackPage() {
  return (
    <InfoCareLayout title="Feedback" subtitle="Tell us what works for you and what doesn't.">
      <RequireDependant>
        {(dependantId) => (
          <FeedbackForm
            label="Your feedback"
            send={(feedback) => call('feedback', { fields: { user_id: dependantId, feedback } })}
          />
        )}
      </RequireDependant>
    </InfoCareLayout>
  );
}
