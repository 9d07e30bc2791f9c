import { describe, expect, it } from 'vitest';
import { type FocusLike, isTyping } from './typing';

const focused = (activeElement: FocusLike | null) => ({ activeElement });

describe('isTyping', () => {
  it('is true in a text field: a textarea, a text-like input, an editable region, one inside shadow roots', () => {
    expect(isTyping(focused({ tagName: 'TEXTAREA' }))).toBe(true);
    for (const type of ['text', 'search', 'email', 'number', 'TEL']) expect(isTyping(focused({ tagName: 'input', type }))).toBe(true);
    expect(isTyping(focused({ tagName: 'DIV', isContentEditable: true }))).toBe(true);
    const deep = {
      tagName: 'QTI-ITEM',
      shadowRoot: { activeElement: { tagName: 'QTI-TEXT', shadowRoot: { activeElement: { tagName: 'INPUT' } } } },
    };
    expect(isTyping(focused(deep))).toBe(true);
  });

  it('is false on a choice, a button, a select, a field one cannot type in, or nothing focused', () => {
    for (const type of ['radio', 'checkbox', 'range', 'button', 'date']) expect(isTyping(focused({ tagName: 'INPUT', type }))).toBe(false);
    expect(isTyping(focused({ tagName: 'BUTTON' }))).toBe(false);
    expect(isTyping(focused({ tagName: 'SELECT' }))).toBe(false);
    expect(isTyping(focused({ tagName: 'TEXTAREA', readOnly: true }))).toBe(false);
    expect(isTyping(focused({ tagName: 'INPUT', disabled: true }))).toBe(false);
    expect(isTyping(focused({ tagName: 'QTI-INLINE-CHOICE', shadowRoot: { activeElement: { tagName: 'BUTTON' } } }))).toBe(false);
    expect(isTyping(focused(null))).toBe(false);
    expect(isTyping(undefined)).toBe(false);
  });
});
