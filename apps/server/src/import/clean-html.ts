import sanitizeHtml from 'sanitize-html';
import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS } from '@prova/contract/html';

// Texts staff write in a bundle may carry simple HTML (descriptions, instructions, the privacy text,
// previews). They are shown as HTML to candidates, so they are cleaned once, on import: formatting and
// links stay, scripts, styles, event handlers and other URL schemes go.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(HTML_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const cleanHtml = (html: string) => sanitizeHtml(html, OPTIONS);

/**
 * An HTML field with every text in it cleaned, whatever its shape: a string, one per language, or
 * anything else a bundle's loosely checked parts hold (a list, nested objects). Only strings change.
 */
export function cleanHtmlField<T>(value: T): T {
  if (typeof value === 'string') return cleanHtml(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => cleanHtmlField(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cleanHtmlField(item)])) as T;
  }
  return value;
}
