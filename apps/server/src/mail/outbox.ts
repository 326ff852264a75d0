import type { Queryable } from '../db/types';

// The local outbox: what email or SMS would have been sent when no transport is configured.

export interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  at: Date;
}

export async function saveToOutbox(db: Queryable, message: OutboxMessage): Promise<void> {
  await db.query(
    `insert into outbox_messages (channel, recipient, subject, body_text, body_html, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [message.channel, message.recipient, message.subject, message.text, message.html, message.at],
  );
}

export interface StoredOutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  created_at: Date;
}

/** The newest messages for a recipient, newest first (the admin CLI and tests read them). */
export async function outboxFor(
  db: Queryable,
  recipient: string,
  limit = 20,
): Promise<StoredOutboxMessage[]> {
  const { rows } = await db.query<StoredOutboxMessage>(
    `select id::int as id, channel, recipient, subject, body_text, body_html, created_at
       from outbox_messages where recipient = $1 order by id desc limit $2`,
    [recipient, limit],
  );
  return rows;
}
