import { Link, useSearchParams } from 'react-router';
import { getDependantUserId, getHouseId } from '../../../shared/storage';
import { ChevronIcon } from '../../../shared/ui/icons';
import { AccountLayout } from '../components/AccountLayout';

interface Card {
  to: string;
  title: string;
  blurb: string;
  slot?: 'energy' | 'assisted';
}

/** /account (spec §2.4): the hub. ?tab=assisted puts the InfoCare (assisted) slot first; default 'energy'. */
export function AccountHubPage() {
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'assisted' ? 'assisted' : 'energy';
  const cards: Card[] = [];
  if (getHouseId() !== null)
    cards.push({
      to: '/account/homeview',
      title: 'HomeView',
      blurb: 'Your home: tariff, setup, appliances, holiday mode.',
      slot: 'energy',
    });
  if (getDependantUserId() !== null)
    cards.push({
      to: '/account/infocare',
      title: 'InfoCare',
      blurb: 'The home you care for: tariff, alerts, reports, holiday mode.',
      slot: 'assisted',
    });
  if (tab === 'assisted') cards.sort((a, b) => Number(b.slot === 'assisted') - Number(a.slot === 'assisted'));
  cards.push(
    { to: '/account/do-not-disturb', title: 'Do Not Disturb', blurb: 'Quiet hours for notifications.' },
    { to: '/account/password', title: 'Password', blurb: 'Change your password.' },
  );
  return (
    <AccountLayout title="Account">
      <CardList cards={cards} current={tab} />
      <p>
        <Link to="/login" className="button button--secondary">
          Sign Out
        </Link>
      </p>
    </AccountLayout>
  );
}

export function CardList({ cards, current }: { cards: Card[]; current?: string }) {
  return (
    <ul className="account-cards">
      {cards.map((card) => (
        <li key={card.to}>
          <Link
            to={card.to}
            className="account-card"
            aria-current={card.slot !== undefined && card.slot === current ? 'true' : undefined}
          >
            <span className="account-card__text">
              <span className="account-card__title">{card.title}</span>
              <span className="account-card__blurb">{card.blurb}</span>
            </span>
            <ChevronIcon className="account-card__chevron" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
