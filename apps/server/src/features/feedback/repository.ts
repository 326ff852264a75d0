import type { Queryable } from '../../db/types';

export interface StoredFeedback {
  user_id: number;
  sent_by: number | null;
  feedback: string;
}

/** Stores one piece of feedback about `userId`'s home, sent by `sentBy` (the session's user). */
export async function insertFeedback(
  db: Queryable,
  userId: number,
  sentBy: number,
  feedback: string,
  at: Date,
): Promise<void> {
  await db.query('insert into feedback (user_id, sent_by, feedback, created_at) values ($1, $2, $3, $4)', [
    userId,
    sentBy,
    feedback,
    at,
  ]);
}

export async function feedbackOf(db: Queryable, userId: number): Promise<StoredFeedback[]> {
  const { rows } = await db.query<StoredFeedback>(
    'select user_id, sent_by, feedback from feedback where user_id = $1 order by id',
    [userId],
  );
  return rows;
}
