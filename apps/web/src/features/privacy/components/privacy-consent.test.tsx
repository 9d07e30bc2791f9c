// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { expectNothingActive, HTML_PROBES } from '@/testing/html-probes';
import { renderWithTexts } from '@/testing/render';
import { privacyAgreementQueryKey } from '../api/get-privacy-agreement';
import { PrivacyConsent } from './privacy-consent';

describe('<PrivacyConsent>', () => {
  it('strips the same from the privacy text', () => {
    const client = new QueryClient();
    client.setQueryData(privacyAgreementQueryKey, `<p>Informativa</p>${HTML_PROBES}`);
    const { container } = renderWithTexts(
      <QueryClientProvider client={client}>
        <PrivacyConsent onAccepted={() => {}} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const agreement = container.querySelector<HTMLElement>('.agreement')!;
    expect(agreement.textContent).toContain('Informativa');
    expectNothingActive(agreement);
  });
});
