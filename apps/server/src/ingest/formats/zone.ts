import { offsetAt } from '@homeview/domain';
import { bad, type Checked, shown } from './errors';
import { type CivilTime, civilAsUtc, inRange } from './time';

/**
 * Naive wall-clock times from files whose clock is documented (REFIT, IDEAL: Europe/London; UK-DALE: UTC)
 * resolved to instants with Intl, never with the process' TZ.
 *
 * - A time that does not exist (the spring-forward hour, 01:00–01:59 in London) is an error.
 * - A time that happens twice (the autumn fall-back hour) resolves by file order: to its first occurrence
 *   unless that is not after the previous row's instant, then to its second. So 01:00…01:59, 01:00…01:59
 *   reads as BST then GMT. A file that shows the repeated hour only once (DeviceScope's REFIT files
 *   averaged the two) places it in summer time and leaves a one-hour gap after it.
 */
export class NaiveTimeResolver {
  readonly #offsets: ZoneOffsets;
  readonly #byWallHour = new Map<number, readonly number[]>();

  /** @throws RangeError for a time zone Intl does not know (a programming error, not bad input). */
  constructor(readonly timeZone: string) {
    this.#offsets = ZoneOffsets.of(timeZone);
  }

  /** `previous`: the instant of the row before, which decides an ambiguous time (null for the first row). */
  resolve(civil: CivilTime, text: string, previous: number | null = null): Checked<number> {
    const wall = civilAsUtc(civil);
    const [first, second] = this.#offsetsOf(wall);
    if (first === undefined) {
      return bad(`${shown(text)} does not exist in ${this.timeZone} (the clocks went forward over it)`);
    }
    if (second !== undefined && previous !== null && wall - first <= previous)
      return inRange(wall - second, text);
    return inRange(wall - first, text);
  }

  /** Offsets valid at a wall time, cached per wall-clock hour (same at both ends ⇒ same throughout). */
  #offsetsOf(wall: number): readonly number[] {
    const hour = Math.floor(wall / 3600);
    const cached = this.#byWallHour.get(hour);
    if (cached !== undefined) return cached;
    const atStart = this.#offsets.offsetsOf(hour * 3600);
    const atEnd = this.#offsets.offsetsOf(hour * 3600 + 3599);
    if (atStart.join() !== atEnd.join()) return this.#offsets.offsetsOf(wall);
    if (this.#byWallHour.size > 100_000) this.#byWallHour.clear();
    this.#byWallHour.set(hour, atStart);
    return atStart;
  }
}

/** UTC offset (seconds east) of a zone at an instant, and the offsets a local wall-clock time can have. */
export class ZoneOffsets {
  static readonly #zones = new Map<string, ZoneOffsets>();

  /** One shared instance per zone: offsets are facts about the zone, so every parse can reuse them. */
  static of(timeZone: string): ZoneOffsets {
    let zone = ZoneOffsets.#zones.get(timeZone);
    if (zone === undefined) {
      zone = new ZoneOffsets(timeZone);
      ZoneOffsets.#zones.set(timeZone, zone);
    }
    return zone;
  }

  constructor(readonly timeZone: string) {
    offsetAt(0, timeZone); // an unknown zone throws here, where the caller names it, not mid-stream
  }

  /** The zone's UTC offset in seconds at instant `t` (the domain's cached time module does the work). */
  offsetAt(t: number): number {
    return offsetAt(t, this.timeZone);
  }

  /**
   * The offsets at which the local wall clock reads `wall` (given as if-UTC seconds), earliest instant
   * first: none in a spring-forward gap, two in a fall-back overlap. Offsets a day either side cover both
   * sides of any transition, since no zone changes offset twice within two days.
   */
  offsetsOf(wall: number): number[] {
    const before = this.offsetAt(wall - 86_400);
    const after = this.offsetAt(wall + 86_400);
    const offsets = before === after ? [before] : [before, after];
    return offsets.filter((offset) => this.offsetAt(wall - offset) === offset).sort((a, b) => b - a);
  }
}
