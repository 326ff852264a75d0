import { type Body, MAX_CHANNEL } from './sample';
import { bareNumber, counter, power } from './values';

// Shelly Gen1 (shellies/<id>/<group>/<N>/<field>), one bare number per message: `relay/N/power` W,
// `relay/N/energy` watt-minutes, `emeter/N/power` W, `emeter/N/total` Wh, `emeter/N/total_returned` Wh.
// Receive time: the device's epoch is local and not in these messages.

/** `relay/N/…` and `emeter/N/…` are channel N. */
export function shellyGen1(topicLevels: readonly string[], text: string, received: number): Body[] {
  const [, , group, channelText, field] = topicLevels;
  if (!/^\d{1,2}$/.test(channelText ?? '') || Number(channelText) > MAX_CHANNEL) return [];
  const body: Body = { t: received, channel: Number(channelText) };
  if (group === 'relay' && field === 'power') body.powerW = power(bareNumber(text), 1, 'power');
  else if (group === 'relay' && field === 'energy')
    body.importMwh = counter(bareNumber(text), 1000 / 60, 'energy (watt-minutes)');
  else if (group === 'emeter' && field === 'power') body.powerW = power(bareNumber(text), 1, 'power');
  else if (group === 'emeter' && field === 'total')
    body.importMwh = counter(bareNumber(text), 1000, 'total (Wh)');
  else if (group === 'emeter' && field === 'total_returned')
    body.exportMwh = counter(bareNumber(text), 1000, 'total_returned (Wh)');
  else return [];
  return [body];
}
