// A progress bar on stderr for long imports: drawn only on a terminal (a pipe or a log gets just the
// summary line), redrawn at most ten times a second.

export interface ProgressTarget {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export class ProgressBar {
  #last = 0;
  #drawn = false;

  constructor(
    private readonly target: ProgressTarget | null,
    private readonly total: number,
    private readonly label: string,
  ) {}

  /** `done` of `total` (bytes read), and rows so far for the caption. */
  update(done: number, rows: number, force = false): void {
    if (!this.target?.isTTY) return;
    const now = Date.now();
    if (!force && now - this.#last < 100) return;
    this.#last = now;
    const share = this.total > 0 ? Math.min(1, done / this.total) : 1;
    const width = Math.max(10, Math.min(40, (this.target.columns ?? 80) - 50));
    const filled = Math.round(share * width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    const pct = `${Math.floor(share * 100)}`.padStart(3);
    this.target.write(`\r${this.label} ${bar} ${pct}% ${rows.toLocaleString('en-GB')} rows`);
    this.#drawn = true;
  }

  /** Ends the bar's line so the next output starts clean. */
  finish(rows: number): void {
    if (!this.target?.isTTY) return;
    this.update(this.total, rows, true);
    if (this.#drawn) this.target.write('\n');
  }
}
