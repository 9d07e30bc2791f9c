// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithTexts } from '@/testing/render';
import { LoginForm } from './login-form';

const answer = (status: number, body: object) => fakeApi({ 'POST /api/auth/login': { status, body, headers: { 'retry-after': '8' } } });

afterEach(() => vi.unstubAllGlobals());

/** The form as the login page shows it, filled in and sent. */
async function submitLogin(email: string, onPasswordMustBeSet = vi.fn(), onSuccess = vi.fn()) {
  renderWithTexts(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LoginForm onSuccess={onSuccess} onNoActiveCampaign={vi.fn()} onPasswordMustBeSet={onPasswordMustBeSet} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), 'una-password');
  await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
}

describe('LoginForm', () => {
  it('says in Italian that there were too many failed sign-ins when the server holds the account back', async () => {
    answer(429, { status: false, code: 'RATE_LIMITED', message: 'Too many failed sign-ins: try again in 8 s' });
    await submitLogin('sara@alfa.example');
    const message = await screen.findByText('Troppi tentativi di accesso non riusciti: riprova tra qualche minuto');
    expect(message.getAttribute('role')).toBe('alert');
  });

  it('sends a person of a single sign-on company to their company link', async () => {
    answer(422, { status: false, code: 'SSO_REQUIRED', message: 'Sign in through your company single sign-on' });
    await submitLogin('mario@acme.example');
    expect(await screen.findByText("La tua azienda usa l'accesso unico (SSO): entra dal link aziendale che hai ricevuto")).toBeTruthy();
  });

  it("hands on the 'password must be set' answer (token and e-mail), not a sign-in nor an error", async () => {
    answer(200, { status: true, passwordMustBeSet: true, token: 'AbCdEfGhIjKlMnOpQrStUv', email: 'nadia@alfa.example' });
    const mustSet = vi.fn();
    const signedIn = vi.fn();
    await submitLogin('nadia@alfa.example', mustSet, signedIn);
    await vi.waitFor(() => expect(mustSet).toHaveBeenCalledWith('nadia@alfa.example'));
    expect(signedIn).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });
});

describe('LoginForm on the prerendered sign-in page', () => {
  it('keeps a key pressed while the app was taking the form over', async () => {
    const { renderToString } = await import('react-dom/server');
    const { rememberTypedFields } = await import('@/lib/typed-before-start');
    const form = () => (
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LoginForm onSuccess={vi.fn()} onNoActiveCampaign={vi.fn()} onPasswordMustBeSet={vi.fn()} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(form());
    const email = container.querySelector<HTMLInputElement>('input[name="username"]')!;
    email.value = 'candid';
    rememberTypedFields(container); // main.tsx, just before hydration
    email.value = 'candida'; // one more key, before the form's effect ran
    renderWithTexts(form(), { container, hydrate: true });
    await vi.waitFor(() => expect(screen.getByLabelText('Email')).toHaveProperty('value', 'candida'));
    await userEvent.type(screen.getByLabelText('Email'), 'te@alfa.example');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'candidate@alfa.example');
  });
});
