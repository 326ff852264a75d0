import { render, screen, within } from '@testing-library/preact';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/preact';
import { AccountLink, DashboardLayout, isCurrent, type NavItem } from './DashboardLayout';

afterEach(cleanup);

const nav: NavItem[] = [
  { to: '/my-home', label: 'Today', icon: null },
  { to: '/my-home/usage', label: 'Usage', icon: null },
  { to: '/my-home/appliances', label: 'Appliances', icon: null, alsoFor: ['/my-home/appliance'] },
];

function renderAt(path: string, actions?: React.ReactNode) {
  const element = (
    <DashboardLayout
      dashboard="HomeView"
      title="Usage"
      subtitle="Week of 3 March 2025"
      back={{ to: '/', label: 'Dashboards' }}
      actions={actions}
      nav={nav}
    >
      <p>Screen</p>
    </DashboardLayout>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe('dashboard layout', () => {
  it('has a back link, the title and subtitle, the screen, and the bottom bar', () => {
    renderAt('/my-home/usage');
    expect(screen.getByRole('link', { name: 'Dashboards' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Usage' })).toBeTruthy();
    expect(screen.getByText('Week of 3 March 2025')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain('Screen');
    const bar = screen.getByRole('navigation', { name: 'HomeView' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Today', 'Usage', 'Appliances']);
  });

  it('marks the current item: the home item only on its own path, others for their sub-paths too', () => {
    renderAt('/my-home/appliance/12');
    const bar = screen.getByRole('navigation', { name: 'HomeView' });
    const current = within(bar)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Appliances']);

    expect(isCurrent(nav[0] as NavItem, '/my-home/', true)).toBe(true);
    expect(isCurrent(nav[0] as NavItem, '/my-home/usage', true)).toBe(false);
    expect(isCurrent(nav[1] as NavItem, '/my-home/usage/', false)).toBe(true);
    expect(isCurrent(nav[1] as NavItem, '/my-home/usages', false)).toBe(false);
  });

  it("puts the page's actions before the Account link in the header's links", () => {
    renderAt('/my-home', <a href="/elsewhere">Edit Appliance</a>);
    const links = screen.getByRole('navigation', { name: 'HomeView links' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Edit Appliance', '/elsewhere'],
      ['Account', '/account'],
    ]);
  });

  it('has the Account link on a screen with no actions of its own', () => {
    renderAt('/my-home');
    const links = screen.getByRole('navigation', { name: 'HomeView links' });
    expect(within(links).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
  });

  it('links Account to the hub, on the assisted tab for InfoCare', () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <AccountLink />
              <AccountLink tab="assisted" />
            </>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getAllByRole('link', { name: 'Account' }).map((a) => a.getAttribute('href'))).toEqual([
      '/account',
      '/account?tab=assisted',
    ]);
  });
});
