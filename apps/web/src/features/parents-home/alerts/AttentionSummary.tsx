import { type Alert, alertLevelLabel, type UnviewedCounts } from '@homeview/contract/web';
import { alertState } from './AlertHandling';
import { needsAttention } from './queries';

export type AttentionCounts = UnviewedCounts;

/**
 * How many alerts nobody has viewed, in all and per level: the server's counts over every alert when it
 * sends them (first page), else (a server without them) the loaded alerts'.
 */
export function countAttention(alerts: readonly Alert[], server?: UnviewedCounts): AttentionCounts {
  if (server) return server;
  const fresh = alerts.filter(needsAttention);
  const of = (label: string) => fresh.filter((a) => alertLevelLabel(a.level) === label).length;
  return { total: fresh.length, urgent: of('Urgent'), investigate: of('Investigate') };
}

/**
 * How many alerts are open (issue 33: nobody has taken or resolved them, not over by themselves): the
 * server's count over every page when it sends it, else the loaded alerts'; the cards say "Open" alike.
 */
export const countOpen = (alerts: readonly Alert[], server?: number): number =>
  server ?? alerts.filter((a) => alertState(a) === 'open').length;

interface Props {
  counts: AttentionCounts;
  /** Alerts open (countOpen): said under the headline, so it agrees with the cards' "Open". */
  open: number;
  /** Scroll to the first unviewed alert of that level (loading older pages until it is there). */
  onJump: (level: 'Urgent' | 'Investigate') => void;
  /** The level whose first alert is being looked for, while older pages load. */
  seeking?: 'Urgent' | 'Investigate' | null;
}

/** The counters and lozenges at the top of the Alerts screen (spec §2.3): calm when nothing is new. */
export function AttentionSummary({ counts, open, onJump, seeking = null }: Props) {
  return (
    <section className="attention" aria-labelledby="attention-heading">
      <h2 id="attention-heading" className="attention__headline">
        {counts.total === 0
          ? 'Nothing needs your attention'
          : `${counts.total} ${counts.total === 1 ? 'alert needs' : 'alerts need'} your attention`}
      </h2>
      <p className="attention__open">
        {open === 0
          ? 'No alert is open'
          : `${open} ${open === 1 ? 'alert is' : 'alerts are'} open: nobody has taken ${open === 1 ? 'it' : 'them'} yet`}
      </p>
      <div className="attention__lozenges">
        <Lozenge level="Urgent" count={counts.urgent} onJump={onJump} busy={seeking === 'Urgent'} />
        <Lozenge
          level="Investigate"
          count={counts.investigate}
          onJump={onJump}
          busy={seeking === 'Investigate'}
        />
      </div>
      {seeking ? (
        <p role="status" className="attention__seeking">
          Loading older alerts to find the first {seeking} one
        </p>
      ) : null}
    </section>
  );
}

function Lozenge({
  level,
  count,
  onJump,
  busy,
}: { level: 'Urgent' | 'Investigate'; count: number; busy: boolean } & Pick<Props, 'onJump'>) {
  const text = `${count} ${level}`;
  if (count === 0) return <span className="attention-lozenge attention-lozenge--none">{text}</span>;
  return (
    <button
      type="button"
      className={`attention-lozenge attention-lozenge--${level.toLowerCase()}`}
      onClick={() => onJump(level)}
      aria-busy={busy || undefined}
      aria-label={`${text}: show the first`}
    >
      {text}
    </button>
  );
}
