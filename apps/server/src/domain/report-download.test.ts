import { describe, expect, it } from 'vitest';
import { bundleReportSchema } from '@prova/contract/bundle';
import { reportDownloadAllowed } from './report-download';

const settings = (fields: object = {}) => bundleReportSchema.parse(fields);

describe('reportDownloadAllowed', () => {
  it('lets the assessed download once the campaign is COMPLETED or REPORT', () => {
    for (const status of ['COMPLETED', 'REPORT'])
      expect(reportDownloadAllowed({ viewer: 'self', status, settings: settings(), completedTests: 0 })).toBe(true);
    expect(reportDownloadAllowed({ viewer: 'self', status: 'ACTIVE', settings: settings(), completedTests: 3 })).toBe(false);
  });

  it('allows an early download only with allowEarlyDownload and a completed test', () => {
    const early = settings({ allowEarlyDownload: true });
    expect(reportDownloadAllowed({ viewer: 'self', status: 'ACTIVE', settings: early, completedTests: 1 })).toBe(true);
    expect(reportDownloadAllowed({ viewer: 'self', status: 'ACTIVE', settings: early, completedTests: 0 })).toBe(false);
  });

  it('never lets the assessed download when canAssessedDownload is false; staff and assessors may', () => {
    const closed = settings({ canAssessedDownload: false });
    expect(reportDownloadAllowed({ viewer: 'self', status: 'REPORT', settings: closed, completedTests: 5 })).toBe(false);
    expect(reportDownloadAllowed({ viewer: 'staff', status: 'ACTIVE', settings: closed, completedTests: 0 })).toBe(true);
    expect(reportDownloadAllowed({ viewer: 'assessor', status: 'ACTIVE', settings: closed, completedTests: 0 })).toBe(true);
  });
});
