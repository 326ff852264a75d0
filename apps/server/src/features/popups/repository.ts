import type { Queryable } from '../../db/types';

export interface PopupRow {
  id: number;
  title: string;
  message: string;
}

/** Active popups this user has not dismissed for good. */
export async function listUnreadPopups(db: Queryable, userId: number): Promise<PopupRow[]> {
  const { rows } = await db.query<PopupRow>(
    `select p.id, p.title, p.message
       from popups p
      where p.active
        and not exists (select 1 from popup_reads r
                         where r.user_id = $1 and r.popup_id = p.id and not r.show_again)
      order by p.id`,
    [userId],
  );
  return rows;
}

/** Records a read; ids of popups that do not exist are ignored rather than failing the batch. */
export async function markPopupRead(
  db: Queryable,
  userId: number,
  popupId: number,
  showAgain: boolean,
  at: Date,
): Promise<void> {
  await db.query(
    `insert into popup_reads (user_id, popup_id, show_again, read_at)
     select $1, p.id, $3, $4 from popups p where p.id = $2
     on conflict (user_id, popup_id) do update set show_again = excluded.show_again, read_at = excluded.read_at`,
    [userId, popupId, showAgain, at],
  );
}

export async function insertPopup(db: Queryable, title: string, message: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'insert into popups (title, message) values ($1, $2) returning id',
    [title, message],
  );
  return rows[0]!.id;
}

/** The demo's sample homes this account opens: its own, and those of the dependants it looks after. */
export async function homesOpenTo(
  db: Queryable,
  userId: number,
): Promise<{ own: string | null; lookedAfter: string[] }> {
  const { rows } = await db.query<{ name: string; own: boolean }>(
    `select h.name, h.owner_user_id = $1 as own
       from houses h
      where h.demo
        and (h.owner_user_id = $1
         or h.owner_user_id in (select l.dependant_user_id
                                  from carer_links l join users u on u.id = l.dependant_user_id
                                 where l.carer_user_id = $1 and l.accepted_at is not null and not u.disabled))
      order by own desc, h.owner_user_id`,
    [userId],
  );
  return {
    own: rows.find((r) => r.own)?.name ?? null,
    lookedAfter: rows.filter((r) => !r.own).map((r) => r.name),
  };
}
