import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/layout/lazyPage';

// The tariff editor is one lazily loaded chunk (./pages), fetched when a tariff screen is first opened.
const load = () => import('./pages');
const EditRatesPage = lazyPage(load, 'EditRatesPage');
const EditTimePage = lazyPage(load, 'EditTimePage');
const StandingChargePage = lazyPage(load, 'StandingChargePage');
const TariffInfoPage = lazyPage(load, 'TariffInfoPage');
const TariffPage = lazyPage(load, 'TariffPage');

/** The tariff editor (spec §2.4), behind a stored user. */
export const tariffRoutes: RouteObject[] = [
  { path: '/account/tariff/info', element: <TariffInfoPage /> },
  { path: '/account/:level/tariff', element: <TariffPage /> },
  { path: '/account/:level/tariff/standing-charge', element: <StandingChargePage /> },
  { path: '/account/:level/tariff/edit-time/:days/:rate', element: <EditTimePage /> },
  { path: '/account/:level/tariff/edit-rates/:days/:rate', element: <EditRatesPage /> },
];
