// The entry: the styles, then the opened screen's code and read, then the app (see openingScreen.ts).
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/suppliers.css';
import './styles/dashboard.css';
import './styles/charts.css';
import './styles/homeview.css';
import './styles/infocare.css';
import { startOpeningScreen } from './openingScreen';
import { registerServiceWorker } from './shared/push';

const opened = startOpeningScreen(window.location.pathname);
void import('./app').then(({ startApp }) => startApp(opened));
registerServiceWorker();
