import { configure } from '@testing-library/preact';

// findBy… and waitFor wait up to 5 s for what they look for (Testing Library's default is 1 s). The full
// test run shares two cores with the server suites and the browser tests, and under that load a stubbed
// answer once took over a second to reach the screen. What must appear is unchanged; only how long a
// loaded machine is given.
configure({ asyncUtilTimeout: 5000 });
