import type { RouteObject } from 'react-router';
import { EditRatesPage } from './pages/EditRatesPage';
import { EditTimePage } from './pages/EditTimePage';
import { StandingChargePage } from './pages/StandingChargePage';
import { TariffInfoPage } from './pages/TariffInfoPage';
import { TariffPage } from './pages/TariffPage';

/** The tariff editor (spec §2.4), behind a stored user. */
export const tariffRoutes: RouteObject[] = [
  { path: '/account/tariff/info', element: <TariffInfoPage /> },
  { path: '/account/:level/tariff', element: <TariffPage /> },
  { path: '/account/:level/tariff/standing-charge', element: <StandingChargePage /> },
  { path: '/account/:level/tariff/edit-time/:days/:rate', element: <EditTimePage /> },
  { path: '/account/:level/tariff/edit-rates/:days/:rate', element: <EditRatesPage /> },
];
