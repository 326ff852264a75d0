/**
 * A replay's reading ends by house and block: each block's readings' ends and intervals, in order. Readings
 * are only added after a house's newest, so a block read once answers an instant up to its newest end
 * (readings added since all end later), and a block with a newer one after it is complete; the newest
 * block is read again for a later instant. Unnesting the newest two blocks per instant (newestReadingSql) was half the
 * demo's InfoCare history on PGlite (10 ms a time, 673 instants).
 */
export class ReadingEnds {
  private readonly blocks = new Map<string, { ends: number[]; intervals: number[]; complete: boolean }>();

  /** The cached block's ends, if they answer `now`. */
  get(houseId: number, blockStart: number, now: number): { ends: number[]; intervals: number[] } | undefined {
    const block = this.blocks.get(`${houseId}:${blockStart}`);
    return block && (block.complete || (block.ends.at(-1) ?? Number.NEGATIVE_INFINITY) >= now)
      ? block
      : undefined;
  }

  /** Caches a block just read and returns it (it answers the instant it was read for, whatever its ends). */
  set(
    houseId: number,
    blockStart: number,
    gaps: readonly number[],
    intervals: number[],
    complete: boolean,
  ): { ends: number[]; intervals: number[] } {
    const ends = new Array<number>(gaps.length);
    let start = blockStart;
    for (let k = 0; k < gaps.length; k++) {
      start += gaps[k] as number;
      ends[k] = start + (intervals[k] as number);
    }
    const block = { ends, intervals, complete };
    this.blocks.set(`${houseId}:${blockStart}`, block);
    return block;
  }
}
