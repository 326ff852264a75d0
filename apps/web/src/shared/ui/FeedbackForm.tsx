import { FEEDBACK_MAX, messages } from '@homeview/contract/web';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../api';
import { Alert } from './Alert';

interface Props {
  label: string;
  /** Sends the text; rejects with the call's error. */
  send: (feedback: string) => Promise<unknown>;
}

/**
 * One free-text field named feedback (spec §5.2, placeholder "I'd like to say..."), sent by a button;
 * 'Thanks for your feedback' replaces the form once the server has it (§8). HomeView's and InfoCare's
 * feedback pages and an alert's feedback all use it, so they cannot drift apart.
 */
export function FeedbackForm({ label, send }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [blank, setBlank] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setBlank(true);
      return;
    }
    setBlank(false);
    setError(null);
    setState('sending');
    try {
      await send(text);
      setState('sent');
    } catch (e) {
      setError(errorMessage(e));
      setState('idle');
    }
  };

  if (state === 'sent') return <Alert tone="info">{messages.thanksForFeedback}</Alert>;
  return (
    <form className="feedback-form stack" onSubmit={submit} noValidate>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className={`field${blank ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <div className="field__control">
          <textarea
            id={id}
            name="feedback"
            className="field__input field__textarea"
            placeholder="I'd like to say..."
            rows={6}
            maxLength={FEEDBACK_MAX}
            value={text}
            aria-invalid={blank ? true : undefined}
            aria-describedby={blank ? `${id}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        {blank ? (
          <p className="field__error" id={`${id}-error`}>
            Please write your feedback first
          </p>
        ) : null}
      </div>
      <p>
        <button type="submit" className="button button--primary" disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending…' : 'Send Feedback'}
        </button>
      </p>
    </form>
  );
}
