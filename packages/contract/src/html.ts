// What staff-written HTML may hold, on both sides: the server cleans it on import (sanitize-html), the page
// again before showing it (DOMPurify). Formatting, links and pictures; nothing that scripts, restyles,
// redirects the page or asks for input.

export const HTML_ALLOWED_TAGS = [
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
] as const;

/** Attributes by tag: links and pictures only. */
export const HTML_ALLOWED_ATTRIBUTES = { a: ['href', 'target', 'rel'], img: ['src', 'alt'] } as const;
