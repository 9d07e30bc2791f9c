// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadUiLang } from '@/lib/i18n';
import { renderWithTexts } from '@/testing/render';
import { useConsoleTexts } from './console-texts';

function Sections() {
  const ready = useConsoleTexts();
  const { t } = useTranslation('console');
  return <p>{ready ? t('nav.campaigns') : 'waiting'}</p>;
}

describe('the console in the interface language', () => {
  afterEach(() => act(() => i18n.changeLanguage('it')));

  it('is in Italian at once: its texts come with the console', () => {
    renderWithTexts(<Sections />);
    expect(screen.getByText('Campagne')).toBeTruthy();
  });

  it('waits for its Spanish texts, fetched apart, then shows them (not the Italian ones)', async () => {
    await loadUiLang('es');
    await act(() => i18n.changeLanguage('es'));
    expect(i18n.hasResourceBundle('es', 'console')).toBe(false);
    renderWithTexts(<Sections />);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('Campañas')).toBeTruthy();
  });
});
