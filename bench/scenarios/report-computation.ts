import { bundleModelSchema } from '@prova/contract/bundle';
import type { Outcome } from '@prova/contract/tests';
import { computeReport, type ReportInputs, renderReportPdf } from '@prova/server/bench';
import { percentile } from '../load/stats';
import { OUTCOME_TESTS, reportModel } from '../seed';

// The report page's own work, without HTTP or database: computing a person's report from the bench's
// 50-marker model (100 tasks over ten tests), and rendering its PDF. In this process, one at a time.

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function timing(durations: number[]): Timing {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1],
  };
}

export async function reportComputation(runs: number, pdfRuns: number): Promise<{ compute: Timing; pdf: Timing; markers: number }> {
  const model = bundleModelSchema.parse(reportModel());
  const outcomes: ReportInputs['outcomes'] = OUTCOME_TESTS.map((testId) => ({
    testId,
    source: 'client',
    outcomes: model.tasks
      .filter((task) => task.test === testId)
      .map((task): Outcome => ({ questionId: task.outcome, value: (task.id * 37) % 101 })),
  }));
  const inputs: ReportInputs = {
    model,
    lang: 'IT_it',
    tests: OUTCOME_TESTS.map((id, k) => ({
      id,
      abbreviation: `BOU${k}`,
      name: { IT_it: `Prova ${k}` },
      algorithm: null,
      status: 'complete',
    })),
    assessedTests: new Set(),
    outcomes,
  };
  for (let i = 0; i < 20; i++) computeReport(inputs); // warm-up
  const computeTimes: number[] = [];
  let report = computeReport(inputs);
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    report = computeReport(inputs);
    computeTimes.push(performance.now() - start);
  }
  const pdfInput = {
    lang: 'it' as const,
    person: { firstName: 'Giulia', lastName: 'Ferri' },
    campaign: { name: 'Bench' },
    report,
    results360: null,
  };
  await renderReportPdf({ ...pdfInput, generatedAt: new Date() }); // warm-up: the fonts load once
  const pdfTimes: number[] = [];
  for (let i = 0; i < pdfRuns; i++) {
    const start = performance.now();
    await renderReportPdf({ ...pdfInput, generatedAt: new Date() });
    pdfTimes.push(performance.now() - start);
  }
  return { compute: timing(computeTimes), pdf: timing(pdfTimes), markers: model.markers.length };
}
