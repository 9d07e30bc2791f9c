// @vitest-environment jsdom
import type { PrivacyAgreement } from '@prova/contract/privacy';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadUiLang } from '@/lib/i18n';
import { fakeApi } from '@/testing/fake-api';
import { expectNothingActive, HTML_PROBES } from '@/testing/html-probes';
import { renderWithTexts } from '@/testing/render';
import { PrivacyConsent } from './privacy-consent';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('it');
});

const agreement = (over: Partial<PrivacyAgreement>): PrivacyAgreement => ({
  status: true,
  privacy: '<p>Informativa della società.</p>',
  lang: 'IT_it',
  acceptedAt: null,
  consentDeclaredByCompany: false,
  ...over,
});

function renderPage(answer: PrivacyAgreement, onAccepted = () => {}) {
  const calls = fakeApi({
    'GET /api/auth/privacy/agreement': { body: answer },
    'POST /api/auth/privacy/giveConsent': { body: { status: true } },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithTexts(
    <QueryClientProvider client={client}>
      <PrivacyConsent onAccepted={onAccepted} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return { calls, view };
}

async function inSpanish() {
  await loadUiLang('es');
  await i18n.changeLanguage('es');
}

describe('<PrivacyConsent>', () => {
  it('strips the same from the privacy text', async () => {
    const { view } = renderPage(agreement({ privacy: `<p>Informativa</p>${HTML_PROBES}` }));
    const text = await screen.findByRole('region', { name: 'Testo dei termini di utilizzo' });
    expect(text.textContent).toContain('Informativa');
    expectNothingActive(view.container.querySelector<HTMLElement>('.agreement')!);
  });

  it('says plainly that the text exists only in Italian to a person reading in Spanish, and marks its language', async () => {
    await inSpanish();
    renderPage(agreement({}));
    const text = await screen.findByRole('region', { name: 'Texto de los términos de uso' });
    expect(screen.getByText('Este texto no existe en español: está escrito en italiano.')).toBeTruthy();
    expect(text.getAttribute('lang')).toBe('it');
  });

  it('shows the Spanish text without the sentence when the company wrote one', async () => {
    await inSpanish();
    renderPage(agreement({ privacy: '<p>Aviso de privacidad.</p>', lang: 'ES_es' }));
    const text = await screen.findByRole('region', { name: 'Texto de los términos de uso' });
    expect(text.getAttribute('lang')).toBe('es');
    expect(text.textContent).toBe('Aviso de privacidad.');
    expect(screen.queryByText(/no existe en español/)).toBeNull();
  });

  it('asks for the consent and sends it once the box is ticked', async () => {
    const onAccepted = vi.fn();
    const { calls } = renderPage(agreement({}), onAccepted);
    const confirm = await screen.findByRole('button', { name: 'Conferma' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ho letto e compreso' }));
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(onAccepted).toHaveBeenCalled());
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/privacy/giveConsent')).toBe(true);
  });

  it('once accepted, shows the text to read again with when it was accepted, and asks nothing', async () => {
    const onAccepted = vi.fn();
    renderPage(agreement({ acceptedAt: '2026-03-02T10:15:00Z' }), onAccepted);
    await screen.findByRole('region', { name: 'Testo dei termini di utilizzo' });
    expect(screen.getByText(/^Hai accettato questo testo il 02\.03\.2026/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Chiudi ed esci' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(onAccepted).toHaveBeenCalled();
  });

  it('with nothing accepted and no campaign selected, says the text comes with the campaign', async () => {
    renderPage(agreement({ privacy: '' }));
    expect(await screen.findByText(/Non hai ancora accettato un testo sulla privacy/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
