import type { ProgressRow } from '@prova/contract/staff-campaigns';
import { LRUCache } from 'lru-cache';
import { staffReportShows, type StaffReportRepos } from './staff-report';

/**
 * At most this long an answer is kept while the participant's row looks the same: what the row cannot show (a
 * score computed after the test was saved, an assessor's rating, an import) is offered at most this late.
 */
export const REPORT_OFFER_KEPT_MS = 20_000;

/**
 * Whether each participant's report PDF has something to show, as the console polls it (every few seconds per
 * viewer, a page of rows each time): answered by computing the report, and kept while what the progress row says
 * of that participant (each test's status and last save, the 360's evaluations) is unchanged. One per server.
 */
export function createReportOffers(keptMs = REPORT_OFFER_KEPT_MS, reportShows = staffReportShows) {
  const known = new LRUCache<string, { seen: string; shows: boolean }>({ max: 20_000, ttl: keptMs });
  return async (repos: StaffReportRepos, companyId: number, campaignId: number, row: ProgressRow): Promise<boolean> => {
    if (!row.reportAvailable) return false;
    const key = `${companyId}:${campaignId}:${row.user.id}`;
    const seen = JSON.stringify([row.cells.map((c) => [c.testId, c.status, c.updatedAt]), row.feedback360]);
    const kept = known.get(key);
    if (kept?.seen === seen) return kept.shows;
    const shows = await reportShows(repos, companyId, campaignId, row.user.id);
    known.set(key, { seen, shows });
    return shows;
  };
}
export type ReportOffers = ReturnType<typeof createReportOffers>;
