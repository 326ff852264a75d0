import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteError';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('render failed');
}

function Screens() {
  const { pathname } = useLocation();
  const screen = useRoutes([
    { path: '/broken', element: <Broken /> },
    { path: '/', element: <h1>Dashboards</h1> },
  ]);
  return <RouteErrorBoundary pathname={pathname}>{screen}</RouteErrorBoundary>;
}

describe('RouteErrorBoundary', () => {
  it('shows the calm error page for a screen that throws, and the next path renders again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Screens />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to my dashboards' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('renders the screen itself when nothing throws', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Screens />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeTruthy();
  });
});
