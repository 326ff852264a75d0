// The app is written against React's API and runs on Preact (preact/compat): the same components, hooks
// and libraries (React Router, TanStack Query) with a 10 kB renderer instead of react-dom's 60 kB gzip,
// which on a slow phone was most of the time before the first paint (issue 6: /my-home's LCP). The build
// and the web tests resolve React through these aliases, so the tests exercise the renderer that ships.
export const reactAsPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
