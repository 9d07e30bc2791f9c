// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
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
});
