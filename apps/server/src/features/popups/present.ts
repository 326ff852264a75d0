import type { Popup } from '@homeview/contract';
import type { PopupRow } from './repository';

export const presentPopup = (row: PopupRow): Popup => ({
  popup_id: row.id,
  title: row.title,
  message: row.message,
});
