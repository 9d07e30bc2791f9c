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

const PATTERNS = Object.entries(campaignPages).map(([page, pattern]) => [page as CampaignPage, pattern.split('/')] as const);

export type CampaignPage = keyof typeof campaignPages;

/** Which campaign page a path (no query) is: each segment the pattern's own, or any one for `:name`. */
export function campaignPageOf(path: string): CampaignPage | undefined {
  const segments = path.split('/');
  return PATTERNS.find(
    ([, expected]) =>
      expected.length === segments.length &&
      expected.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  )?.[0];
}
