import { AccountLayout } from '../../account/components/AccountLayout';
import { KIND_NAME } from '../rates';

/** /account/tariff/info (spec §2.4, §9): 'How do tariffs work?' — the charge types and the tariff kinds. */
export function TariffInfoPage() {
  return (
    <AccountLayout title="How do tariffs work?" back={{ to: '/account', label: 'Account' }}>
      <div className="stack prose">
        <p>
          Your tariff is the set of prices your supplier charges and pays. HomeView uses it to turn the energy
          your home uses and makes into pounds. A tariff you save applies from the day you choose (today
          unless you pick another), and every figure from that day on is worked out again with it.
        </p>
        <h2>Charge types</h2>
        <dl className="definition-list">
          <dt>Standing charge (pence per day)</dt>
          <dd>A fixed amount for each day you are connected, whatever you use. It is always one price.</dd>
          <dt>Import rate (pence per kWh)</dt>
          <dd>
            What you pay for each kilowatt-hour you take from the grid. Your bill shows it as the unit rate.
          </dd>
          <dt>Export rate (pence per kWh)</dt>
          <dd>
            What you are paid for each kilowatt-hour your solar panels or battery send back to the grid, for
            example under the Smart Export Guarantee.
          </dd>
          <dt>Generation rate (pence per kWh)</dt>
          <dd>
            What you are paid for every kilowatt-hour your panels make, used or exported. Only older Feed-in
            Tariff installations earn it; for most homes it is 0.
          </dd>
        </dl>
        <p>
          Any rate you have not set uses a default tariff, and the tariff page tells you when it does. Prices
          are in pence, as on your bill: a unit rate of 24.67p per kWh is typed 24.67, a standing charge of
          53.35p a day 53.35, and a unit rate must be under 100p (£1).
        </p>
        <h2>Tariff kinds</h2>
        <dl className="definition-list">
          <dt>{KIND_NAME.Fixed}</dt>
          <dd>One price all day, every day: one rate starting at 00:00.</dd>
          <dt>{KIND_NAME.Day}</dt>
          <dd>One price all day, but a different one on weekdays and at the weekend.</dd>
          <dt>{KIND_NAME.TOU}</dt>
          <dd>
            The price changes during the day, such as a cheap night rate (Economy 7) or a peak from 16:00 to
            19:00; suppliers also call it time of use. Name each rate as your bill does, such as Night, Day or
            Peak. Each rate starts at a half hour, from 00:00 to 23:30, and runs until the next one; a day can
            have up to 48 rates.
          </dd>
          <dt>{KIND_NAME['Day-TOU']}</dt>
          <dd>Time-of-day rates that differ between weekdays and the weekend.</dd>
        </dl>
        <h2>Dynamic prices (Agile-style)</h2>
        <p>
          Some tariffs, like Octopus Agile, set a new import price for every half hour, published the day
          before and following the wholesale market; at times the price is below zero and you are paid to use
          electricity. Those prices are imported from your supplier's price file rather than typed in here,
          and the tariff page says when your import is priced that way. Each half hour of your use is then
          costed at its own price.
        </p>
      </div>
    </AccountLayout>
  );
}
