import DOMPurify from 'dompurify';

// Texts staff write (descriptions, instructions, the privacy text, previews) are HTML. The server cleans
// them on import; the page cleans them again before it puts them in the document, so that markup which
// got past the server (an old row, a field the importer missed) still cannot script, restyle or redirect
// the page, or ask for a password. The same allowlist as the server's (apps/server/src/import/clean-html.ts).

const ALLOWED_TAGS = [
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
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt'];
/** http(s) and mailto links, relative urls; pictures may also be data: urls (DOMPurify's rule for img). */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const purify = DOMPurify();
// A link that opens elsewhere cannot reach back to this page.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
});

/** The staff-written HTML with only formatting, links and pictures left. */
export function safeHtml(html: string): string {
  return purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP });
}
