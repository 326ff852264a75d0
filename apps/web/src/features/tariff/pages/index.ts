// The tariff editor's screens, loaded together as one chunk (../routes.tsx).
export { EditRatesPage } from './EditRatesPage';
export { EditTimePage } from './EditTimePage';
export { StandingChargePage } from './StandingChargePage';
export { TariffInfoPage } from './TariffInfoPage';
export { TariffPage } from './TariffPage';
