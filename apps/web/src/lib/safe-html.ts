import DOMPurify from 'dompurify';
import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS } from '@prova/contract/html';

// Texts staff write (descriptions, instructions, the privacy text, previews) are HTML. The server cleans
// them on import; the page cleans them again before it puts them in the document, so that markup which
// got past the server (an old row, a field the importer missed) still cannot script, restyle or redirect
// the page, or ask for a password. The allowlist is the server's (@prova/contract/html).

const ALLOWED_TAGS = [...HTML_ALLOWED_TAGS];
const ALLOWED_ATTR = [...new Set(Object.values(HTML_ALLOWED_ATTRIBUTES).flat())];
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
