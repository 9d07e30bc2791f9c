import type { ReportNorm } from '@prova/contract/reports';
import { type NormDistribution, normedScore, percentileBand } from '@prova/measurement/norms/norms';
import { localize } from '../../presenters/localize';
import type { CampaignNormRow } from '../../repositories/reports-repository';
import { type ReportInputs, rawValue } from './compute-report';

/** An adaptive test's estimate and its standard error (docs/bundle-format.md, "Adaptive tests"). */
const ESTIMATE = 'THETA';
const STANDARD_ERROR = 'SE';
/** How many items the adaptive test gave. */
const ITEMS_GIVEN = 'ITEMS';

/** A stored norm as the measurement package reads it (null: neither a mean and sd nor a valid table). */
export function normDistributionOf(row: Pick<CampaignNormRow, 'mean' | 'sd' | 'norm_table'>): NormDistribution | null {
  if (row.norm_table !== null) return { table: row.norm_table };
  if (row.mean === null || row.sd === null || !(row.sd > 0)) return null;
  return { mean: Number(row.mean), sd: Number(row.sd) };
}

/**
 * Each norm of the campaign that the person has a value for: percentile and sten of the outcome (as the report's
 * tasks read it: a complete test, from whoever scores it), and for THETA beside an SE the percentiles of θ ± SE.
 */
export function reportNorms(
  norms: readonly CampaignNormRow[],
  inputs: Pick<ReportInputs, 'tests' | 'assessedTests' | 'outcomes' | 'lang'>,
): ReportNorm[] {
  return norms.flatMap((row) => {
    const norm = normDistributionOf(row);
    const score = rawValue(inputs, row.test_id, row.outcome);
    if (!norm || score === undefined) return [];
    // An adaptive test whose time ran out before the first answer holds the prior's θ: nothing was measured to place.
    if (row.outcome === ESTIMATE && rawValue(inputs, row.test_id, ITEMS_GIVEN) === 0) return [];
    const se = row.outcome === ESTIMATE ? rawValue(inputs, row.test_id, STANDARD_ERROR) : undefined;
    const { percentile, sten } = normedScore(score, norm);
    return [
      {
        normId: row.id,
        testId: row.test_id,
        testName: localize(inputs.tests.find((t) => t.id === row.test_id)?.name, inputs.lang),
        outcome: row.outcome,
        name: localize(row.name, inputs.lang),
        n: row.n,
        percentile,
        sten,
        band: se === undefined ? null : percentileBand(score, se, norm),
      },
    ];
  });
}
