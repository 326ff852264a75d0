import { Navigate, useParams } from 'react-router';
import { AccountLayout } from '../components/AccountLayout';
import { isLevel, levelTitle } from '../ids';
import { CardList } from './AccountHubPage';

/** /account/homeview and /account/infocare (spec §2.4): the cards of one dashboard's settings. */
export function AccountLevelPage() {
  const { level } = useParams();
  if (!isLevel(level)) return <Navigate to="/account" replace />;
  const cards = [
    {
      to: `/account/${level}/tariff`,
      title: 'Tariff Details',
      blurb: 'Standing charge, import, export and generation rates.',
    },
    {
      to: '/setup?type=main',
      title: 'Run Setup',
      blurb: 'Who lives there, the appliances, the home and its postcode area.',
    },
    {
      to: `/account/${level}/appliances`,
      title: 'Appliances',
      blurb: 'How many, their names, shown or hidden.',
    },
    {
      to: `/account/${level}/devices`,
      title: 'Devices',
      blurb: 'Meter displays and plugs sending readings live.',
    },
    {
      to: `/account/${level}/supplier`,
      title: 'Supplier data',
      blurb: 'Octopus Energy or Bright: the smart meter’s electricity and gas, fetched by itself.',
    },
    { to: `/account/${level}/holiday-mode`, title: 'Holiday Mode', blurb: 'Pause notifications while away.' },
  ];
  if (level === 'infocare')
    cards.push(
      { to: '/account/infocare/alerts', title: 'Alerts', blurb: 'How alerts reach you: email, SMS or both.' },
      {
        to: '/account/infocare/email-report',
        title: 'Email Report',
        blurb: 'How often a summary is emailed.',
      },
      {
        to: '/account/infocare/carers',
        title: 'Carers',
        blurb: 'Other carers, invitations, and a text to the person you look after before an alert.',
      },
    );
  return (
    <AccountLayout title={levelTitle(level)} back={{ to: '/account', label: 'Account' }}>
      <CardList cards={cards} />
    </AccountLayout>
  );
}
