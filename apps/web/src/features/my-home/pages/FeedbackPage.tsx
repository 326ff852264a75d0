import { FeedbackForm } from '../../../shared/ui/FeedbackForm';
import { HomeViewFrame } from '../components/HomeViewFrame';
import { useSendFeedback } from '../queries';

// /my-home/feedback: one free-text field (spec §5.2); 'Thanks for your feedback' once stored (§8).

export function FeedbackPage() {
  const send = useSendFeedback();
  return (
    <HomeViewFrame title="Feedback">
      <div className="card">
        <FeedbackForm label="Your feedback" send={(feedback) => send.mutateAsync(feedback)} />
      </div>
    </HomeViewFrame>
  );
}
