import { describe, expect, it } from 'vitest';
import type { CampaignNormRow } from '../../repositories/reports-repository';
import { reportNorms } from './report-norms';

// An adaptive test's estimate against a norm group: its band when something was measured, nothing when not.

const norm: CampaignNormRow = {
  id: 9,
  name: { IT_it: 'Popolazione' },
  test_id: 31,
  outcome: 'THETA',
  mean: 0,
  sd: 1,
  norm_table: null,
  n: 500,
};
const inputsWith = (outcomes: Array<{ questionId: string; value: number }>) => ({
  lang: 'IT_it',
  tests: [{ id: 31, abbreviation: 'ADP', name: { IT_it: 'Adattivo' }, algorithm: null, package_kind: 'qti' as const, status: 'complete' }],
  assessedTests: new Set<number>(),
  outcomes: [{ testId: 31, source: 'server', outcomes }],
});

describe('an adaptive test against a norm group', () => {
  it('places θ ± SE as a percentile band once items were answered', () => {
    const [placed] = reportNorms(
      [norm],
      inputsWith([
        { questionId: 'THETA', value: 0.2 },
        { questionId: 'SE', value: 0.3 },
        { questionId: 'ITEMS', value: 4 },
      ]),
    );
    expect(placed).toMatchObject({ name: 'Popolazione', n: 500, percentile: 58, band: { low: 46, high: 69 } });
  });

  it('places nothing when the time ran out before the first answer (θ is then the prior’s)', () => {
    const norms = reportNorms(
      [norm],
      inputsWith([
        { questionId: 'THETA', value: 0 },
        { questionId: 'SE', value: 1 },
        { questionId: 'ITEMS', value: 0 },
      ]),
    );
    expect(norms).toEqual([]);
  });
});
