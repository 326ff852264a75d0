/** One cap period: from its first local day until the next period's first day. */
export interface CapPeriod {
  readonly from: string; // YYYY-MM-DD
  readonly unit: number; // µ£/kWh (1 p = 10 000 µ£)
  readonly standing: number; // µ£/day
}

const p = (pence: number): number => Math.round(pence * 10_000);
const cap = (from: string, unitPence: number, standingPence: number): CapPeriod => ({
  from,
  unit: p(unitPence),
  standing: p(standingPence),
});

/**
 * Ofgem default tariff cap, electricity, GB average, Direct Debit, VAT included: unit rate p/kWh and
 * standing charge p/day per cap period, oldest first. Each figure is checked against the sources named
 * on its line (two where two were found; "one source" says so).
 *
 * The series starts on 2021-10-01: the first period for which both electricity figures (the unit rate and
 * the standing charge) were found. Searches (24 and 25 Nov 2026: stored public pages, documentation and
 * public repositories) found for the cap periods of 1 Jan 2019 – 30 Sep 2021 only annual dual-fuel bills
 * (£1,137 from 1 Jan 2019: ofgem.gov.uk energy-price-cap-will-give-11-million-fairer-deal-1-january;
 * £1,138 from 1 Apr 2021: energy-advise.com/?p=34292, quoting Ofgem) and, in one repository's copy of
 * electricityprices.org.uk's table, unit rates of 16.52–18.95p with no standing charge. An annual bill
 * cannot be split into the two, and a unit rate alone is half a period, so they stay missing and the
 * earliest period's rates apply to every earlier date (defaultTariffOn). By that copied table every unit
 * rate of 2019 – Sep 2021 was below October 2021's 20.80p, so a 2014 or 2020 reading (the REFIT and
 * UK-DALE homes are 2013–2017) is priced at an upper bound of its unit rate, not at its own time's
 * default; a house that knows its old tariff should set it from that date. Extrapolating backwards was
 * rejected: it would invent figures. Add earlier periods here, oldest first, when sourced.
 * The Oct–Dec 2026 cap and the Jan–Mar 2027 cap (announced about 21–24 Nov 2026) were not found either,
 * so the Jul–Sep 2026 rates run on until a newer row is added. Changing this table reprices existing
 * installs once at their next start (apps/server features/tariffs/default-sync.ts).
 */
export const DEFAULT_CAP_PERIODS: readonly CapPeriod[] = [
  // 1 Oct 2021 – 31 Mar 2022: 20.80p — electricityprices.org.uk/history-of-the-energy-price-cap, whose row
  // ("October 2021 £1,277 20.80p 24.89p") two public repositories copy (an R analysis script, and a cap
  // schedule whose rows from April 2022 match every unit rate below; it cites the House of Commons Library,
  // CBP-9491, for 20.8p); the stored copy of that page shows only 2024–25. 24.88p —
  // utilitybidder.co.uk/domestic-energy/aprils-energy-price-cap-explained ("from 24.88p per day to 45.34p"
  // on 1 April 2022); 24.89p in the copied row; plymouthenergycommunity.com news/ofgem-price-cap-announcement
  // ("from 25p to 45p"). The page's 24.88p is used.
  cap('2021-10-01', 20.8, 24.88),
  // 1 Apr – 30 Sep 2022: 28.34p, 45.34p — pleaseconnectme.co.uk/blog/what-is-the-energy-price-cap-updated-august-2022
  // (both); utilitybidder.co.uk/domestic-energy/aprils-energy-price-cap-explained (45.34p);
  // moneyadvicescotland.org.uk/what-does-the-energy-price-cap-mean (£0.28, £0.45 rounded).
  cap('2022-04-01', 28.34, 45.34),
  // 1 Oct 2022 – 31 Mar 2023, Energy Price Guarantee (below the cap; one period: MSE reports "little change
  // to average rates" for Direct Debit from 1 Jan 2023): 34.00p — ukpower.co.uk (34.00p), gocompare.com
  // price-cap-calculator (34.0p); 46.36p — inews.co.uk (46.36p, Ofgem), betterdays.orbit.org.uk (46.4p);
  // ukpower.co.uk gives 46.35p.
  cap('2022-10-01', 34.0, 46.36),
  // 1 Apr – 30 Jun 2023, EPG: 33.21p — energyhelpline.com/help/the-history-of-ofgems-energy-price-cap (33.21p),
  // energysavingtrust.org.uk/what-is-the-energy-price-guarantee (33.2p). Standing charge: no GB figure
  // found; sussexhousing.org.uk (its region) shows it unchanged from April to July 2023, so the Jul–Sep
  // figure below is used (inferred, not published).
  cap('2023-04-01', 33.21, 53.35),
  // 1 Jul – 30 Sep 2023: 30.11p — energyhelpline.com (30.11p), heraldscotland.com (30.1p); 53.35p —
  // ofgem.gov.uk/information-consumers/energy-advice-households/energy-price-cap (£0.53 rounded; one source
  // for the exact pence).
  cap('2023-07-01', 30.11, 53.35),
  // 1 Oct – 31 Dec 2023: 27.35p, 53.37p — energysavingtrust.org.uk/response-october-2023-price-cap,
  // energysavingtrust.org.uk/what-is-the-energy-price-cap; heraldscotland.com (27.35p).
  cap('2023-10-01', 27.35, 53.37),
  // 1 Jan – 31 Mar 2024: 28.62p, 53.35p — ofgem.gov.uk/energy-price-cap, ashfordadvice.org/news/energy-price-cap-2.
  cap('2024-01-01', 28.62, 53.35),
  // 1 Apr – 30 Jun 2024: 24.50p, 60.10p — ofgem.gov.uk/news/new-energy-price-cap-level-april-june-2024-starts-today,
  // cse.org.uk/current-gas-and-electricity-prices.
  cap('2024-04-01', 24.5, 60.1),
  // 1 Jul – 30 Sep 2024: 22.36p, 60.12p — ofgem.gov.uk/news/new-energy-price-cap-level-july-september-2024-starts-today,
  // electricityprices.org.uk/history-of-the-energy-price-cap.
  cap('2024-07-01', 22.36, 60.12),
  // 1 Oct – 31 Dec 2024: 24.50p, 60.99p — ofgem.gov.uk/news/new-energy-price-cap-level-october-december-2024-starts-today,
  // electricityprices.org.uk/history-of-the-energy-price-cap.
  cap('2024-10-01', 24.5, 60.99),
  // 1 Jan – 31 Mar 2025: 24.86p, 60.97p — electricityprices.org.uk/history-of-the-energy-price-cap,
  // thestudentenergygroup.com/energy-price-cap-explained.
  cap('2025-01-01', 24.86, 60.97),
  // 1 Apr – 30 Jun 2025: 27.03p, 53.80p — cse.org.uk/current-gas-and-electricity-prices,
  // homegroup.org.uk/blog/watts-happening-with-the-energy-price-cap.
  cap('2025-04-01', 27.03, 53.8),
  // 1 Jul – 30 Sep 2025: 25.73p, 51.37p — uswitch.com average-gas-and-electricity-bills-in-the-uk,
  // caithness-business.co.uk/article/27305 (Ofgem's text).
  cap('2025-07-01', 25.73, 51.37),
  // 1 Oct – 31 Dec 2025: 26.35p, 53.68p — blog.theenergyshop.com/articles/energy-price-cap,
  // uswitch.com average-gas-and-electricity-bills-in-the-uk.
  cap('2025-10-01', 26.35, 53.68),
  // 1 Jan – 31 Mar 2026: 27.69p, 54.75p — blog.moneysavingexpert.com (Martin Lewis, 21 Nov 2025),
  // freepricecompare.com/?p=209558.
  cap('2026-01-01', 27.69, 54.75),
  // 1 Apr – 30 Jun 2026: 24.67p, 57.21p — filmogaz.com/167573 (both), which.co.uk the-energy-price-cap-will-drop-in-april
  // (24.67p); 57.21p was also the figure this project kept from Ofgem's February 2026 announcement.
  cap('2026-04-01', 24.67, 57.21),
  // 1 Jul – 30 Sep 2026: 26.11p, 57.19p — energyplus.co.uk/GuidesFAQs/EnergyPriceCap (both),
  // particlenews.pages.dev ofgem-raises-uk-energy-price-cap-13-for-julyseptember (26.11p); 57.19p one source.
  cap('2026-07-01', 26.11, 57.19),
];

/**
 * Ofgem default tariff cap, gas, GB average, Direct Debit, VAT included: unit rate p/kWh and standing
 * charge p/day per cap period, oldest first, as DEFAULT_CAP_PERIODS for electricity (issue 35). A gas
 * reading is priced by this table, never by the electricity one (apps/server shared/tariff-book.ts).
 *
 * The series starts on 2022-10-01: the first period whose two gas figures were found exact. Searches (2 Dec
 * 2026, stored public pages) found for Oct 2021 – Mar 2022 no gas figure at all and for Apr – Sep 2022 only
 * rounded pounds (£0.07/kWh, £0.27/day: moneyadvicescotland.org.uk what-does-the-energy-price-cap-mean),
 * so they stay missing and the earliest period's rates apply to every earlier date (defaultTariffOn), an
 * upper bound for those dates (Oct 2022 was the Energy Price Guarantee's peak). Two standing charges
 * (Apr – Sep 2023) have no GB figure in any source found: the only figure found is one region's, named on
 * its line. The Oct–Dec 2026 and Jan–Mar 2027 caps were not found, so Jul–Sep 2026 runs on.
 */
export const GAS_CAP_PERIODS: readonly CapPeriod[] = [
  // 1 Oct 2022 – 31 Mar 2023, Energy Price Guarantee: 10.30p, 28.49p — cosykingdom.org.uk/energy-price-guarantee
  // (both); yourmoney.com energy-price-guarantee-rates (10.3p, 28p), uswitch.com what-does-the-energy-price-
  // freeze-mean-for-you (10.3p, 28p), kb.loop.homes (10.3p, 28.5p).
  cap('2022-10-01', 10.3, 28.49),
  // 1 Apr – 30 Jun 2023, EPG: 10.30p — selectcarleasing.co.uk/fuel-cost-calculator ("Gas remained the same at
  // 10.3p"). Standing charge: no GB figure found; sussexhousing.org.uk (news/the-cost-of-energy-is-reducing-
  // from-the-1st-july-2704) shows its region's 29.11p unchanged from April to July 2023, used here (one
  // region's figure, not the GB average).
  cap('2023-04-01', 10.3, 29.11),
  // 1 Jul – 30 Sep 2023: 6.90p — heraldscotland.com (Ofgem, 25 Aug 2023: "from 6.9p per kWh today"),
  // shropshirestar.com (the same). Standing charge: 29.11p, the same one region's figure (sussexhousing.org.uk).
  cap('2023-07-01', 6.9, 29.11),
  // 1 Oct – 31 Dec 2023: 6.89p, 29.62p — energysavingtrust.org.uk/response-october-2023-price-cap (both);
  // heraldscotland.com (6.89p).
  cap('2023-10-01', 6.89, 29.62),
  // 1 Jan – 31 Mar 2024: 7.42p, 29.60p — ashfordadvice.org/news/energy-price-cap-2 (one source).
  cap('2024-01-01', 7.42, 29.6),
  // 1 Apr – 30 Jun 2024: 6.04p, 31.43p — ofgem.gov.uk/news/new-energy-price-cap-level-april-june-2024-starts-today,
  // ashfordadvice.org/news/energy-price-cap-2, cse.org.uk/current-gas-and-electricity-prices.
  cap('2024-04-01', 6.04, 31.43),
  // 1 Jul – 30 Sep 2024: 5.48p, 31.41p — ofgem.gov.uk/news/new-energy-price-cap-level-july-september-2024-starts-today,
  // ageuk.org.uk/staffordshire energy-price-cap, electricityprices.org.uk/history-of-the-energy-price-cap.
  cap('2024-07-01', 5.48, 31.41),
  // 1 Oct – 31 Dec 2024: 6.24p, 31.66p — electricityprices.org.uk/history-of-the-energy-price-cap; thisismoney.co.uk
  // (6.24p, 31.66p "today" on announcing January 2025).
  cap('2024-10-01', 6.24, 31.66),
  // 1 Jan – 31 Mar 2025: 6.34p, 31.65p — thisismoney.co.uk article-14111293 (both), stayenergysafe.co.uk
  // what-is-the-energy-price-cap-october-2024 (both); electricityprices.org.uk gives 31.66p.
  cap('2025-01-01', 6.34, 31.65),
  // 1 Apr – 30 Jun 2025: 6.99p, 32.67p — cse.org.uk/current-gas-and-electricity-prices,
  // homegroup.org.uk/blog/watts-happening-with-the-energy-price-cap, ofgem.gov.uk/energy-price-cap.
  cap('2025-04-01', 6.99, 32.67),
  // 1 Jul – 30 Sep 2025: 6.33p, 29.82p — ofgem.gov.uk/energy-price-cap, caithness-business.co.uk/article/27305
  // (Ofgem's text), moneyexpert.com energy-price-cap-drops-in-july-2025.
  cap('2025-07-01', 6.33, 29.82),
  // 1 Oct – 31 Dec 2025: 6.29p, 34.03p — which.co.uk the-energy-price-cap-will-rise-in-october,
  // blog.theenergyshop.com/articles/energy-price-cap, creditladder.co.uk key-points-on-the-latest-energy-price-cap.
  cap('2025-10-01', 6.29, 34.03),
  // 1 Jan – 31 Mar 2026: 5.93p, 35.09p — freepricecompare.com/?p=209558, lawyer-monthly.com/?p=86293 (Martin
  // Lewis), skintdad.co.uk ofgem-price-cap-january-2026-rise, capitalpost.uk.
  cap('2026-01-01', 5.93, 35.09),
  // 1 Apr – 30 Jun 2026: 5.74p, 29.09p — ycalculator.net energy-bill-gas-standing-charge-calculator (both, as
  // Ofgem's averages); layarlensa.info (BBC's text: 5.74p). 29.09p one source.
  cap('2026-04-01', 5.74, 29.09),
  // 1 Jul – 30 Sep 2026: 7.33p, 29.04p — energyplus.co.uk/GuidesFAQs/EnergyPriceCap (both; one source, as
  // for the electricity row of this period).
  cap('2026-07-01', 7.33, 29.04),
];
