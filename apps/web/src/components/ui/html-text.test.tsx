// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { expectNothingActive, HTML_PROBES } from '@/testing/html-probes';
import { renderWithTexts } from '@/testing/render';
import { HtmlText } from './html-text';

describe('<HtmlText>', () => {
  it('renders the campaign text as markup, never as literal tags', () => {
    const { container } = renderWithTexts(<HtmlText html="<p>Campagna di <strong>sviluppo</strong>.</p>" />);
    expect(container.textContent).toBe('Campagna di sviluppo.');
    expect(container.querySelector('strong')?.textContent).toBe('sviluppo');
  });

  it('renders nothing for an empty text', () => {
    const { container } = renderWithTexts(<HtmlText html="   " />);
    expect(container.innerHTML).toBe('');
  });

  it('strips what could redirect, script, restyle or ask for a password, even when the server sent it', () => {
    const { container } = renderWithTexts(<HtmlText html={HTML_PROBES} />);
    expectNothingActive(container);
    expect((window as { stolen?: boolean }).stolen).toBeUndefined();
    // The texts stay, and formatting and safe links too.
    expect(container.textContent).toContain('Accedi di nuovo');
    const { container: links } = renderWithTexts(
      <HtmlText html='<a href="https://example.com" target="_blank">ok</a><a href="mailto:hr@example.com">hr</a>' />,
    );
    expect([...links.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['https://example.com', 'noopener noreferrer'],
      ['mailto:hr@example.com', 'noopener noreferrer'],
    ]);
  });
});
