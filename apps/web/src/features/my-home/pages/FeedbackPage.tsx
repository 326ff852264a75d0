import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { HomeViewFrame } from '../components/HomeViewFrame';
import { useSendFeedback } from '../queries';

// /my-home/feedback: one free-text field (spec §5.2); 'Thanks for your feedback' once stored (§8).

const MAX = 5000;

export function FeedbackPage() {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendFeedback();
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem('Please write your feedback first.');
      return;
    }
    setProblem(null);
    send.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <HomeViewFrame title="Feedback">
      <form className="card stack" onSubmit={onSubmit} noValidate>
        <div className={`field${problem ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={id}>
            Your feedback
          </label>
          <div className="field__control">
            <textarea
              id={id}
              name="feedback"
              className="field__input field__textarea"
              placeholder="I'd like to say..."
              rows={6}
              maxLength={MAX}
              value={text}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              onChange={(e) => {
                setText(e.target.value);
                if (send.isSuccess) send.reset();
              }}
            />
          </div>
          {problem ? (
            <p className="field__error" id={`${id}-error`}>
              {problem}
            </p>
          ) : null}
        </div>
        {send.isError ? <Alert tone="danger">{errorMessage(send.error)}</Alert> : null}
        {send.isSuccess ? <Alert tone="info">Thanks for your feedback</Alert> : null}
        <p>
          <button type="submit" className="button button--primary" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send feedback'}
          </button>
        </p>
      </form>
    </HomeViewFrame>
  );
}
