import { safeHtml } from '@/lib/safe-html';

/**
 * Texts written by the campaign's authors (descriptions, instructions) may hold simple HTML.
 * They come from the imported campaign bundle, like the privacy agreement, not from other users;
 * they are cleaned again here all the same (lib/safe-html.ts).
 */
export function HtmlText({ html, className }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return <div className={['html-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />;
}
