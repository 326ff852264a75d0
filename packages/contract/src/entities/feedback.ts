import { z } from 'zod';
import { formObject, id, requiredText } from '../form';

// §3 Feedback; §7 POST /common/feedback/. The spec shows no length rule; 5000 characters bounds storage.

export const FEEDBACK_MAX = 5000;

export const FeedbackRequest = formObject({
  user_id: id('user_id'),
  feedback: requiredText('feedback', FEEDBACK_MAX),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

/** The stored feedback has the request's fields. */
export const Feedback = z.object({ user_id: z.number().int(), feedback: z.string() });
export type Feedback = z.infer<typeof Feedback>;
