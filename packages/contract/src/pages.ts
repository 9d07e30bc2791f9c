/**
 * The web app's pages under the campaign layout (the room and what opens from it), as router patterns: `:name`
 * stands for one segment. They read the selected campaign and its tests first, so the server preloads those reads
 * with the page; the web app's router takes its paths from here, so the two cannot drift apart.
 */
export const campaignPages = {
  home: '/',
  tests: '/tests',
  start: '/start',
  test: '/test',
  report: '/report',
  skillup360: '/skillup-360',
  /** The 360 questionnaire about one person (the spec leaves its route open). */
  evaluation360: '/skillup-360/:evaluee',
} as const;

const PATTERNS = Object.values(campaignPages).map((pattern) => pattern.split('/'));

/** Whether a path (no query) is one of the campaign pages: each segment the pattern's own, or any one for `:name`. */
export function isCampaignPage(path: string): boolean {
  const segments = path.split('/');
  return PATTERNS.some(
    (expected) =>
      expected.length === segments.length &&
      expected.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
}
