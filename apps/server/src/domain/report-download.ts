import type { BundleReport } from '@prova/contract/bundle';

/** Campaign statuses in which the assessed may download their report. */
const REPORT_STATUSES = new Set(['COMPLETED', 'REPORT']);

/**
 * The assessed may download (and read) their report once the campaign is COMPLETED or REPORT, or
 * early when the campaign allows it and they have completed a test; and only if the campaign lets the
 * assessed download at all. Staff and assessors are not held by these rules.
 */
export function reportDownloadAllowed(opts: {
  viewer: 'self' | 'staff' | 'assessor';
  status: string;
  settings: BundleReport;
  completedTests: number;
}): boolean {
  if (opts.viewer !== 'self') return true;
  const open = REPORT_STATUSES.has(opts.status) || (opts.settings.allowEarlyDownload && opts.completedTests > 0);
  return open && opts.settings.canAssessedDownload;
}
