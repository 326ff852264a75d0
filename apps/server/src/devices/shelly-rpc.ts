import type { DeviceConsumer } from './consumer';
import type { HistoryRequest } from './em-history';
import type { MqttLog, Part } from './mqtt-connection';
import { type EmRecord, parseEmHistory } from './parsers/shelly-em-history';

// What the server asks Shelly Gen2+ devices over RPC on `<id>/rpc`, through the asking partition's client:
// `Shelly.GetStatus` of one silent for a while (it does not repeat unchanged values), and a Shelly EM's
// records of a gap (EM1Data/EMData.GetData). Answers come back on that client's own reply topic.

/** A status question is answered within this long, or its answer is dropped (the device is asked again). */
const ASK_TTL_MS = 60_000;
const MAX_QUESTIONS = 10_000;

interface RpcReply {
  id: unknown;
  src: unknown;
}

export class ShellyRpc {
  #rpcId = 0;
  /** When each silent Shelly was last asked (ms), so one that does not answer is asked every few minutes. */
  #asked = new Map<string, number>();
  /** History asks in flight by RPC id: the gap, the client asking, and the records of its pages so far. */
  #history = new Map<number, { request: HistoryRequest; part: Part; records: EmRecord[] }>();
  /**
   * Status questions in flight by RPC id: the device asked, the partition's client that asked, when. A
   * reply is taken only when its id names a question this client sent to the device its `src` names
   * (issue 34 item 4: anyone can publish on the reply topic, and a forged reply wrote into any home's
   * Shelly); once, and within ASK_TTL_MS.
   */
  #questions = new Map<number, { deviceId: string; part: Part; at: number }>();
  #unaskedLoggedAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly consumer: DeviceConsumer,
    readonly options: { topicPrefix?: string; log?: MqttLog },
  ) {}

  /** Asks a silent Shelly for its status, unless it was asked less than `silentS` ago. */
  askStatus(part: Part, deviceId: string, silentS: number): void {
    const asked = this.#asked.get(deviceId);
    if (asked !== undefined && Date.now() - asked < silentS * 1000) return;
    this.#asked.set(deviceId, Date.now());
    const ask = { id: ++this.#rpcId, src: part.replySource, method: 'Shelly.GetStatus' };
    this.#forgetOldQuestions();
    this.#questions.set(ask.id, { deviceId, part, at: Date.now() });
    this.#publish(part, deviceId, ask);
  }

  /** Asks a Shelly EM for its records of a gap from `from` on; `records` are the earlier pages'. */
  askHistory(part: Part, request: HistoryRequest, from = request.from, records: EmRecord[] = []): void {
    const id = ++this.#rpcId;
    this.#history.set(id, { request, part, records });
    const params = { id: request.source.id, ts: from, end_ts: request.to };
    this.#publish(part, request.deviceId, {
      id,
      src: part.replySource,
      method: request.source.method,
      params,
    });
  }

  /** A message on the partition's reply topic (`topic` without the prefix): taken only if it answers us. */
  receive(part: Part, topic: string, payload: Uint8Array): void {
    const reply = replyOf(payload);
    if (reply === null) return;
    if (this.#historyAnswer(part, reply, payload)) return;
    const question = this.#questions.get(reply.id as number);
    if (question === undefined || question.part !== part || question.deviceId !== reply.src) {
      this.#unasked(part, reply);
      return;
    }
    this.#questions.delete(reply.id as number);
    this.consumer.receiveShellyReply(topic, payload);
  }

  #publish(part: Part, deviceId: string, ask: object): void {
    part.client.publish(`${this.options.topicPrefix ?? ''}${deviceId}/rpc`, JSON.stringify(ask), { qos: 1 });
  }

  /**
   * An answer to one of our history asks (false: not one, e.g. a GetStatus answer): the next page is
   * asked while the device says there is more before the gap's end, then the records go to the consumer.
   */
  #historyAnswer(part: Part, reply: RpcReply, payload: Uint8Array): boolean {
    const text = Buffer.from(payload).toString('utf8');
    const id = reply.id;
    const pending = typeof id === 'number' ? this.#history.get(id) : undefined;
    // Only from the device asked, to the client that asked (else it is no answer of ours: see #questions).
    if (pending === undefined || pending.part !== part || pending.request.deviceId !== reply.src)
      return false;
    // An error answer (a device without the history) leaves the gap to be spread after HISTORY_WAIT_S.
    this.#history.delete(id as number);
    const answer = parseEmHistory(text);
    if (!answer.ok) {
      this.options.log?.warn(
        { deviceId: pending.request.deviceId, reason: answer.reason },
        'em history refused',
      );
      return true;
    }
    const records = [...pending.records, ...answer.records];
    if (answer.next !== null && answer.next < pending.request.to && answer.records.length > 0)
      this.askHistory(pending.part, pending.request, answer.next, records);
    else this.consumer.receiveHistory(pending.request.key, records);
    return true;
  }

  #forgetOldQuestions(): void {
    const before = Date.now() - ASK_TTL_MS;
    for (const [id, q] of this.#questions) {
      if (q.at >= before && this.#questions.size <= MAX_QUESTIONS) break;
      this.#questions.delete(id);
    }
  }

  /** A reply to no question of ours (forged, or too late): dropped, and logged at most once a minute. */
  #unasked(part: Part, reply: RpcReply): void {
    const now = Date.now();
    if (now - this.#unaskedLoggedAt < 60_000) return;
    this.#unaskedLoggedAt = now;
    this.options.log?.warn(
      { partition: part.p, id: reply.id, src: String(reply.src).slice(0, 200) },
      'shelly reply to no question of ours dropped',
    );
  }
}

/** The id and src of an RPC reply, or null when it is no JSON object. */
function replyOf(payload: Uint8Array): RpcReply | null {
  try {
    const reply = JSON.parse(Buffer.from(payload).toString('utf8')) as unknown;
    if (typeof reply !== 'object' || reply === null) return null;
    return { id: (reply as RpcReply).id, src: (reply as RpcReply).src };
  } catch {
    return null;
  }
}
