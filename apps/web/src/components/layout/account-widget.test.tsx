// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '@/testing/render';
import { AccountWidget } from './account-widget';

describe('<AccountWidget>', () => {
  it('leads from the account menu to "I miei dati"', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <AccountWidget fullName="Anna Rossi" canChangeCampaign={false} onLogout={() => {}} /> },
        { path: '/my-data', element: <p>pagina dei dati</p> },
      ],
      { initialEntries: ['/'] },
    );
    renderWithTexts(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: /Anna Rossi/ }));
    const entries = screen.getAllByRole('link', { name: 'I miei dati' });
    // The desktop menu's entry and the mobile icon: CSS shows one of them.
    expect(entries).toHaveLength(2);
    await userEvent.click(entries[0]);
    expect(await screen.findByText('pagina dei dati')).toBeTruthy();
  });

  it('opens the privacy text again from the account menu', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <AccountWidget fullName="Anna Rossi" canChangeCampaign={false} onLogout={() => {}} /> },
        { path: '/privacy', element: <p>pagina della privacy</p> },
      ],
      { initialEntries: ['/'] },
    );
    renderWithTexts(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: /Anna Rossi/ }));
    const entries = screen.getAllByRole('link', { name: 'Privacy' });
    expect(entries).toHaveLength(2);
    await userEvent.click(entries[0]);
    expect(await screen.findByText('pagina della privacy')).toBeTruthy();
  });

  it('leaves the privacy entry out during a test, where the close button takes its place', () => {
    const router = createMemoryRouter(
      [{ path: '/', element: <AccountWidget fullName="Anna Rossi" canChangeCampaign onLogout={() => {}} closeTo="/tests" /> }],
      { initialEntries: ['/'] },
    );
    renderWithTexts(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: "Chiudi l'attività" })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Privacy' })).toBeNull();
  });
});
