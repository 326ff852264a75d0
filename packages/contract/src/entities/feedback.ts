import { z } from 'zod';
import { formObject, id, freeText } from '../form';
import { FEEDBACK_MAX } from '../limits';

// §3 Feedback; §7 POST /common/feedback/ (its length limit: limits.ts).

export const FeedbackRequest = formObject({
  user_id: id('user_id'),
  feedback: freeText('feedback', FEEDBACK_MAX),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

/** The stored feedback has the request's fields. */
export const Feedback = z.object({ user_id: z.number().int(), feedback: z.string() });
export type Feedback = z.infer<typeof Feedback>;
