import { messages, RATE_KINDS, type RateKind, type RateList, type Tariff } from '@homeview/contract/web';
import { Link, Navigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { formatHhmm } from '../../../shared/format';
import { formatPence } from '../../../shared/pence';
import { Alert } from '../../../shared/ui/Alert';
import { RateTable } from '../../../shared/ui/RateTable';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { AccountLayout } from '../../account/components/AccountLayout';
import { isLevel, type Level, levelUserId } from '../../account/ids';
import { useAccountRead } from '../../account/queries';
import { DAYS_LABEL, kindName, RATE_LABEL } from '../rates';

const TITLE: Record<RateKind, string> = {
  import: 'Import rates',
  export: 'Export rates',
  generation: 'Generation rates',
};

/** /account/{level}/tariff (spec §2.4, §8): the tariff in force today, each rate with its empty state. */
export function TariffPage() {
  const { level } = useParams();
  const userId = isLevel(level) ? levelUserId(level) : null;
  const tariff = useAccountRead('tariffGet', userId);
  if (!isLevel(level)) return <Navigate to="/account" replace />;
  return (
    <AccountLayout title="Tariff Details" back={{ to: `/account/${level}`, label: 'Back' }}>
      <p>
        What your electricity costs and earns. <Link to="/account/tariff/info">How do tariffs work?</Link>
      </p>
      {level === 'homeview' ? (
        <p>
          <Link to="/my-home/tariffs">Compare tariffs</Link>: what your last 12 months would have cost on
          others.
        </p>
      ) : null}
      {tariff.isPending && userId !== null ? <LoadingState title="Loading tariff" /> : null}
      {tariff.isError ? <Alert tone="danger">{errorMessage(tariff.error)}</Alert> : null}
      {tariff.data ? <Overview level={level} tariff={tariff.data} /> : null}
    </AccountLayout>
  );
}

function Overview({ level, tariff }: { level: Level; tariff: Tariff }) {
  const standing = tariff.standing_charge?.[0]?.prices[0];
  const fallback = tariff.used_tariff.standing_charge?.[0]?.prices[0];
  return (
    <div className="stack">
      {tariff.tariffs_msg ? <Alert tone="info">{tariff.tariffs_msg}</Alert> : null}
      <section className="tariff-section" aria-labelledby="tariff-standing">
        <h2 id="tariff-standing" className="tariff-section__title">
          Standing charge
        </h2>
        {standing === undefined ? (
          <>
            <p>{messages.noStandingCharge}</p>
            {fallback === undefined ? null : (
              <p className="tariff-section__muted">The default of {formatPence(fallback)} per day applies.</p>
            )}
          </>
        ) : (
          <p className="tariff-price">
            {formatPence(standing)} <span className="tariff-price__unit">per day</span>
          </p>
        )}
        <Link to={`/account/${level}/tariff/standing-charge`} className="button button--secondary">
          Edit standing charge
        </Link>
      </section>
      {RATE_KINDS.map((kind) => (
        <RateSection
          key={kind}
          level={level}
          kind={kind}
          own={tariff[kind]}
          fallback={tariff.used_tariff[kind]}
        />
      ))}
    </div>
  );
}

function RateSection(props: {
  level: Level;
  kind: RateKind;
  own: RateList | null;
  fallback: RateList | null;
}) {
  const { level, kind, own, fallback } = props;
  const shown = own ?? fallback;
  const headingId = `tariff-${kind}`;
  return (
    <section className="tariff-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="tariff-section__title">
        {TITLE[kind]}
        {own ? <span className="tariff-kind">{kindName(own)}</span> : null}
      </h2>
      {own === null && fallback !== null ? <p>{messages.defaultTariffShown(RATE_LABEL[kind])}</p> : null}
      {shown === null ? <p>{messages.noRateSet(RATE_LABEL[kind])}</p> : null}
      {shown?.map((entry) => (
        <RateTable
          key={entry.days}
          caption={`${DAYS_LABEL[entry.days]}${own === null ? ' (default)' : ''}`}
          rows={entry.times.map((time, i) => ({
            key: String(time),
            name: entry.rate_names[i] ?? '',
            from: formatHhmm(time),
            price: entry.prices[i] ?? 0,
          }))}
        />
      ))}
      <Link
        to={`/account/${level}/tariff/edit-time/${own?.[0]?.days ?? 'all'}/${kind}`}
        className="button button--secondary"
      >
        {own ? `Edit ${RATE_LABEL[kind]}` : `Set ${RATE_LABEL[kind]}`}
      </Link>
    </section>
  );
}
