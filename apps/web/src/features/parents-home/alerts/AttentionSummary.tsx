import { type Alert, alertLevelLabel } from '@homeview/contract/web';
import { needsAttention } from './queries';

export interface AttentionCounts {
  total: number;
  urgent: number;
  investigate: number;
}

/** How many of the loaded alerts nobody has viewed, in all and per level. */
export function countAttention(alerts: readonly Alert[]): AttentionCounts {
  const fresh = alerts.filter(needsAttention);
  const of = (label: string) => fresh.filter((a) => alertLevelLabel(a.level) === label).length;
  return { total: fresh.length, urgent: of('Urgent'), investigate: of('Investigate') };
}

interface Props {
  counts: AttentionCounts;
  /** Scroll to the first unviewed alert of that level. */
  onJump: (level: 'Urgent' | 'Investigate') => void;
}

/** The counters and lozenges at the top of the Alerts screen (spec §2.3): calm when nothing is new. */
export function AttentionSummary({ counts, onJump }: Props) {
  return (
    <section className="attention" aria-labelledby="attention-heading">
      <h2 id="attention-heading" className="attention__headline">
        {counts.total === 0
          ? 'Nothing needs your attention'
          : `${counts.total} ${counts.total === 1 ? 'alert needs' : 'alerts need'} your attention`}
      </h2>
      <div className="attention__lozenges">
        <Lozenge level="Urgent" count={counts.urgent} onJump={onJump} />
        <Lozenge level="Investigate" count={counts.investigate} onJump={onJump} />
      </div>
    </section>
  );
}

function Lozenge({
  level,
  count,
  onJump,
}: { level: 'Urgent' | 'Investigate'; count: number } & Pick<Props, 'onJump'>) {
  const text = `${count} ${level}`;
  if (count === 0) return <span className="attention-lozenge attention-lozenge--none">{text}</span>;
  return (
    <button
      type="button"
      className={`attention-lozenge attention-lozenge--${level.toLowerCase()}`}
      onClick={() => onJump(level)}
      aria-label={`${text}: show the first`}
    >
      {text}
    </button>
  );
}
