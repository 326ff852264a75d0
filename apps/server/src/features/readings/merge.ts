import { BLOCK_S, emptyColumns, type ReadingColumns } from './blocks';
import { SLOT_S } from './repository';

// A batch merged into the stored blocks, in memory (pure): the stored reading wins on the same start
// (first-wins), or the batch's in replace mode; a start not stored yet is added. Each changed block comes
// out whole, with the half-hours whose sums changed and, when two readings overlap, the first such
// half-hour (the caller turns it into a 400 naming the batch's reading).

export interface MergeResult {
  /** The blocks that changed, whole, by block start. */
  blocks: Map<number, ReadingColumns>;
  /** Readings of the batch newly stored. */
  added: number;
  /** Stored readings overwritten with the batch's values (replace mode). */
  replaced: number;
  /** Half-hours whose readings changed, ascending. */
  slots: number[];
  /** The first half-hour where two readings overlap, or null. */
  overlapSlot: number | null;
}

/** Splits columns ascending by start into their blocks (UTC days). */
export function byBlock(cols: ReadingColumns): Map<number, ReadingColumns> {
  const blocks = new Map<number, ReadingColumns>();
  const first = cols.start[0];
  const last = cols.start.at(-1);
  // A batch within one block (a day's upload, the usual case) is that block as it is: no copy.
  if (first !== undefined && last !== undefined && last - (last % BLOCK_S) === first - (first % BLOCK_S))
    return blocks.set(first - (first % BLOCK_S), cols);
  let current: ReadingColumns | undefined;
  let currentStart = -1;
  cols.start.forEach((start, k) => {
    const blockStart = start - (start % BLOCK_S);
    if (current === undefined || blockStart !== currentStart) {
      current = emptyColumns();
      currentStart = blockStart;
      blocks.set(blockStart, current);
    }
    push(current, cols, k);
  });
  return blocks;
}

function push(to: ReadingColumns, from: ReadingColumns, k: number): void {
  to.start.push(from.start[k] as number);
  to.interval_s.push(from.interval_s[k] as number);
  to.import_wh.push(from.import_wh[k] as number);
  to.export_wh.push(from.export_wh[k] as number);
  to.generation_wh.push(from.generation_wh[k] as number);
}

const sameValues = (a: ReadingColumns, i: number, b: ReadingColumns, j: number): boolean =>
  a.interval_s[i] === b.interval_s[j] &&
  a.import_wh[i] === b.import_wh[j] &&
  a.export_wh[i] === b.export_wh[j] &&
  a.generation_wh[i] === b.generation_wh[j];

/** The distinct block starts of starts ascending (what byBlock's keys would be, without the copies). */
export function blockStarts(starts: readonly number[]): number[] {
  const out: number[] = [];
  for (const start of starts) {
    const blockStart = start - (start % BLOCK_S);
    if (out.at(-1) !== blockStart) out.push(blockStart);
  }
  return out;
}

/** Merges the batch (ascending, distinct starts) into the stored blocks. */
export function mergeBatch(
  batch: ReadingColumns,
  stored: ReadonlyMap<number, ReadingColumns>,
  replace: boolean,
): MergeResult {
  const result: MergeResult = { blocks: new Map(), added: 0, replaced: 0, slots: [], overlapSlot: null };
  const changedSlots = new Set<number>();
  for (const [blockStart, incoming] of byBlock(batch)) {
    const old = stored.get(blockStart);
    if (old === undefined || old.start.length === 0) {
      // Nothing stored in the block: the batch's readings (distinct, ascending) are the block. Never
      // mutated afterwards, so it is kept as it is.
      result.blocks.set(blockStart, incoming);
      result.added += incoming.start.length;
      for (const start of incoming.start) changedSlots.add(start - (start % SLOT_S));
      markOverlap(result, incoming);
      continue;
    }
    const merged = emptyColumns();
    let changed = false;
    let i = 0;
    let j = 0;
    while (i < old.start.length || j < incoming.start.length) {
      const a = old.start[i] ?? Number.POSITIVE_INFINITY;
      const b = incoming.start[j] ?? Number.POSITIVE_INFINITY;
      if (a < b) {
        push(merged, old, i++);
      } else if (b < a) {
        push(merged, incoming, j++);
        result.added += 1;
        changed = true;
        changedSlots.add(b - (b % SLOT_S));
      } else if (replace && !sameValues(old, i, incoming, j)) {
        push(merged, incoming, j++);
        i += 1;
        result.replaced += 1;
        changed = true;
        changedSlots.add(b - (b % SLOT_S));
      } else {
        push(merged, old, i++); // first wins: the stored reading stays
        j += 1;
      }
    }
    if (!changed) continue;
    result.blocks.set(blockStart, merged);
    markOverlap(result, merged);
  }
  result.slots = [...changedSlots].sort((x, y) => x - y);
  return result;
}

/** Records the block's first overlap, if it comes before the one already found. */
function markOverlap(result: MergeResult, block: ReadingColumns): void {
  for (let k = 1; k < block.start.length; k++) {
    const start = block.start[k] as number;
    if (start < (block.start[k - 1] as number) + (block.interval_s[k - 1] as number)) {
      const slot = start - (start % SLOT_S);
      if (result.overlapSlot === null || slot < result.overlapSlot) result.overlapSlot = slot;
      return;
    }
  }
}

export interface SlotSums {
  slot: number;
  covered_s: number;
  import_wh: number;
  export_wh: number;
  generation_wh: number;
}

/** Σ of each given half-hour's readings (ascending slots) in the merged blocks. */
export function slotSums(blocks: ReadonlyMap<number, ReadingColumns>, slots: readonly number[]): SlotSums[] {
  const wanted = new Set(slots);
  const sums = new Map<number, SlotSums>();
  for (const cols of blocks.values()) {
    cols.start.forEach((start, k) => {
      const slot = start - (start % SLOT_S);
      if (!wanted.has(slot)) return;
      let s = sums.get(slot);
      if (s === undefined) {
        s = { slot, covered_s: 0, import_wh: 0, export_wh: 0, generation_wh: 0 };
        sums.set(slot, s);
      }
      s.covered_s += cols.interval_s[k] as number;
      s.import_wh += cols.import_wh[k] as number;
      s.export_wh += cols.export_wh[k] as number;
      s.generation_wh += cols.generation_wh[k] as number;
    });
  }
  return slots.map((slot) => sums.get(slot) as SlotSums);
}
