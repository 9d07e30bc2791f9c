import { describe, expect, it } from 'vitest';
import { reportDownloadAllowed, reportSettings } from './report-download';

const settings = (fields: object = {}) => reportSettings(JSON.stringify(fields));

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

describe('reportSettings', () => {
  it('falls back to the defaults for a campaign without report settings', () => {
    expect(reportSettings(null)).toMatchObject({
      canAssessedDownload: true,
      allowEarlyDownload: false,
      confidentialityThreshold: 3,
      documents: [],
    });
  });
});
