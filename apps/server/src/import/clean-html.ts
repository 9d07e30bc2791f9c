import sanitizeHtml from 'sanitize-html';

// Texts staff write in a bundle may carry simple HTML (descriptions, instructions, the privacy text,
// previews). They are shown as HTML to candidates, so they are cleaned once, on import: formatting and
// links stay, scripts, styles, event handlers and other URL schemes go.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'span',
    'div',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const cleanHtml = (html: string) => sanitizeHtml(html, OPTIONS);

/** A localized text (a string, or one per language) with every language cleaned. */
export function cleanLocalized<T>(text: T): T {
  if (typeof text === 'string') return cleanHtml(text) as T;
  if (text && typeof text === 'object' && !Array.isArray(text)) {
    return Object.fromEntries(
      Object.entries(text).map(([lang, value]) => [lang, typeof value === 'string' ? cleanHtml(value) : value]),
    ) as T;
  }
  return text;
}
