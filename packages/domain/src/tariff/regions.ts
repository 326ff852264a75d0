// The electricity region of a GB postcode (issue 37, "real rates for the home's region"): the GSP group's
// letter (A–P without I and O: the 14 distribution network areas of 1990's regional boards), which Octopus
// puts at the end of every tariff code (E-1R-AGILE-24-10-01-C) and its meter points as `gsp: "_C"`
// (../shared/design/suppliers.md). Pure: a postcode or outward code in, a letter or null out.
//
// Sources: the letters and their areas — Elexon's GSP groups as the Octopus API names them (`_A` Eastern
// … `_P` North Scotland; the same list in the Octopus products' `single_register_electricity_tariffs`
// keys). Which outward code is in which area — the outward-code table of rurigrass/energy-calculator-2
// (src/data/RegionByPostcode.js, commit 83f6580fb8ebc6e31609afa3c9aa72e1e040cbe3, April 2020: each
// outward code with its GSP group); each postcode area below takes the group most of its districts are
// in, and the districts of an area that lie in another group are listed under EXCEPTIONS (derived from
// that table, not copied). The network's edges do not follow postcodes exactly: a home on an edge may be
// served by its neighbour, which only the meter point's `gsp` (or the tariff code's letter) says for sure.
// Northern Ireland (BT), the Isle of Man (IM) and the Channel Islands (GY, JE) are not in a GB GSP group:
// null, as an unknown area is.

/** Great Britain's market clock: suppliers' products, prices and their days are dated on it, whatever a
 *  home's own zone. */
export const GB_ZONE = 'Europe/London';

export const REGION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P'] as const;
export type RegionLetter = (typeof REGION_LETTERS)[number];

/** The GSP groups' names, as Octopus and Elexon give them. */
export const REGION_NAMES: Record<RegionLetter, string> = {
  A: 'Eastern England',
  B: 'East Midlands',
  C: 'London',
  D: 'Merseyside and North Wales',
  E: 'West Midlands',
  F: 'North East England',
  G: 'North West England',
  H: 'Southern England',
  J: 'South East England',
  K: 'South Wales',
  L: 'South West England',
  M: 'Yorkshire',
  N: 'South Scotland',
  P: 'North Scotland',
};

/** Postcode areas by the group most of their districts are in. */
const AREAS: Record<RegionLetter, string> = {
  A: 'AL CB CM CO EN HA HP IP LU N NR PE RM SG SS WD',
  B: 'CV DE LE LN MK NG NN',
  C: 'DA E EC IG NW SE SW W WC',
  D: 'CH CW L LL SY WA',
  E: 'B DY GL HR ST TF WR WS WV',
  F: 'DH DL HG NE SR TS YO',
  G: 'BB BL CA FY LA M OL PR SK WN',
  H: 'BA BH DT GU OX PO RG SL SN SO SP TW UB',
  J: 'BN BR CR CT KT ME RH SM TN',
  K: 'CF LD NP SA',
  L: 'BS EX PL TA TQ TR',
  M: 'BD DN HD HU HX LS S WF',
  N: 'DG EH FK G KA KY ML TD',
  P: 'AB DD HS IV KW PA PH ZE',
};

/** Districts in another group than most of their area's. */
const EXCEPTIONS: Record<RegionLetter, string> = {
  A: 'E4 IG10 MK40 MK41 MK42 MK44 MK45 NW11 NW2 NW4 NW7 NW9',
  B: 'B77 B78 B79 DN20 DN21 DN22 OX17 PE5 PE6 PE8 PE9 PE10 PE11 PE12 PE20 PE21 PE22 PE23 PE24 PE25 PE26 PE27 PE28 PE29 PE99 S20 S25 S26 S40 S41 S42 S43 S44 S45 S49 S80 S81 S96 S97 S98 S99',
  C: 'BR1 BR3 BR7 CR5 KT2 KT3 KT4 N1 N5 N7 N16 N19',
  D: 'PR8 PR9',
  E: 'CV36 CV37 CW12 OX7 OX15 OX16 SY1 SY2 SY3 SY4 SY5 SY6 SY7 SY8 SY9 SY15 SY99',
  F: '',
  G: 'BD24 L40 WA3 WA12 WA13 WA14 WA15',
  H: 'BN17 BN18 HP9 HP10 HP11 HP12 HP13 HP14 HP15 RH14 W3 W4 W5 W7 W13',
  J: 'DA1 DA3 DA4 DA9 DA10 DA11 DA12 DA13 GU1 GU2 GU4 GU5 GU6 GU21 GU22 GU23 GU25 TW9 TW10 TW20',
  K: 'HR5 SY25',
  L: 'BA1 BA2 BA3 BA4 BA5 BA6 BA16 DT6 DT7 DT8',
  M: 'BB8 LN7 OL14 YO15 YO16',
  N: 'PA1 PA2 PA3 PA4 PA5 PA6 PA7 PA8 PA9 PA10 PA11 PA12 PA13 PA14 PA15 PA16 PA17 PA18 PA19',
  P: 'FK15 FK16 FK17 FK18 FK19 FK20 FK21 G83 G84 KA27 KA28 KY13',
};

function table(source: Record<RegionLetter, string>): Map<string, RegionLetter> {
  const out = new Map<string, RegionLetter>();
  for (const letter of REGION_LETTERS)
    for (const key of source[letter].split(' ')) if (key !== '') out.set(key, letter);
  return out;
}

const BY_AREA = table(AREAS);
const BY_DISTRICT = table(EXCEPTIONS);

/** A full postcode (any case, any spacing) or an outward code → its outward code, or null. */
function outwardOf(postcode: string): string | null {
  const compact = postcode.toUpperCase().replace(/\s+/g, '');
  // A full postcode ends in its inward code (digit, two letters); an outward code alone is 2–4 characters.
  const full = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/.exec(compact);
  if (full !== null) return full[1] as string;
  return /^[A-Z]{1,2}[0-9][A-Z0-9]?$/.test(compact) ? compact : null;
}

/**
 * The GSP group letter of a postcode ('CR0 1AA', 'sw1a', 'SY25'), or null: not a GB postcode, or an area
 * outside every GB group (BT, IM, GY, JE) or not known.
 */
export function regionOfPostcode(postcode: string): RegionLetter | null {
  const outward = outwardOf(postcode);
  if (outward === null) return null;
  // SW1A, W1J, EC1A: the district is the part before a closing letter.
  const district = /^[A-Z]{1,2}[0-9]+/.exec(outward)?.[0] as string;
  const area = /^[A-Z]+/.exec(outward)?.[0] as string;
  return BY_DISTRICT.get(district) ?? BY_AREA.get(area) ?? null;
}

/** The region letter a tariff code ends with (E-1R-AGILE-24-10-01-C → C), or null. */
export function regionOfTariffCode(code: string): RegionLetter | null {
  const letter = /^[EG]-[12]R-.+-([A-P])$/.exec(code.trim())?.[1];
  return letter !== undefined && (REGION_LETTERS as readonly string[]).includes(letter)
    ? (letter as RegionLetter)
    : null;
}
