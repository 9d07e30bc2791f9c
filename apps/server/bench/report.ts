// Benchmark of the report: computing a personal report from a 50-marker model, and rendering its PDF.
// Prints p50 / p95 / max of each against the targets (20 ms for the computation, 500 ms for the PDF).
import { performance } from 'node:perf_hooks';
import { bundleModelSchema } from '@prova/contract/bundle';
import type { Outcome } from '@prova/contract/tests';
import { computeReport, type ReportInputs } from '../src/services/reports/compute-report';
import { renderReportPdf } from '../src/services/reports/render-report-pdf';

const AREAS = 5;
const SKILLS_PER_AREA = 2;
const MARKERS_PER_SKILL = 5;
const TASKS_PER_MARKER = 2;
const TESTS = 10;
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 500);
const PDF_RUNS = Number(process.env.BENCH_PDF_RUNS ?? 40);

const text = (what: string, id: number) => ({ IT_it: `${what} ${id}`, EN_en: `${what} ${id} (en)` });
const bands = (id: number) => Object.fromEntries([1, 2, 3, 4].map((band) => [String(band), text(`Commento di fascia ${band} per`, id)]));
const areas = Array.from({ length: AREAS }, (_, a) => ({ id: a + 1, name: text('Area', a + 1), inProfile: a < 4, feedback: bands(a + 1) }));
const skills = areas.flatMap((area) =>
  Array.from({ length: SKILLS_PER_AREA }, (_, s) => ({
    id: area.id * 10 + s,
    areaId: area.id,
    name: text('Competenza', area.id * 10 + s),
  })),
);
const markers = skills.flatMap((skill) =>
  Array.from({ length: MARKERS_PER_SKILL }, (_, m) => ({
    id: skill.id * 10 + m,
    skillId: skill.id,
    name: text('Indicatore', skill.id * 10 + m),
    feedback: bands(skill.id * 10 + m),
    devSuggestion: text('Primo suggerimento---Secondo suggerimento', skill.id * 10 + m),
  })),
);
let taskId = 0;
const tasks = markers.flatMap((marker) =>
  Array.from({ length: TASKS_PER_MARKER }, () => {
    taskId += 1;
    return { id: taskId, markerId: marker.id, test: 100 + (taskId % TESTS), outcome: `q${taskId}`, min: 0, max: 100 };
  }),
);
const model = bundleModelSchema.parse({ areas, skills, markers, tasks });
const outcomes: ReportInputs['outcomes'] = Array.from({ length: TESTS }, (_, t) => ({
  testId: 100 + t,
  source: 'client',
  outcomes: tasks
    .filter((task) => task.test === 100 + t)
    .map((task): Outcome => ({ questionId: task.outcome, value: (task.id * 37) % 101 })),
}));
const inputs: ReportInputs = {
  model,
  lang: 'IT_it',
  tests: Array.from({ length: TESTS }, (_, t) => ({
    id: 100 + t,
    abbreviation: `T${t}`,
    name: `Test ${t}`,
    algorithm: null,
    status: 'complete',
  })),
  assessedTests: new Set(),
  outcomes,
};

function stats(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

for (let i = 0; i < 20; i++) computeReport(inputs); // warm-up
const computeTimes: number[] = [];
let report = computeReport(inputs);
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  report = computeReport(inputs);
  computeTimes.push(performance.now() - start);
}
const compute = stats(computeTimes);
console.log(
  `report computation, ${markers.length} markers, ${tasks.length} tasks, ${RUNS} runs: p50 ${ms(compute.p50)}, p95 ${ms(compute.p95)}, max ${ms(compute.max)} (target p95 < 20 ms: ${compute.p95 < 20 ? 'met' : 'MISSED'})`,
);

const pdfInput = {
  lang: 'it' as const,
  person: { firstName: 'Giulia', lastName: 'Ferri' },
  campaign: { name: 'Bench' },
  report,
  results360: null,
};
await renderReportPdf({ ...pdfInput, generatedAt: new Date() }); // warm-up: fonts load once
const pdfTimes: number[] = [];
let size = 0;
for (let i = 0; i < PDF_RUNS; i++) {
  const start = performance.now();
  size = (await renderReportPdf({ ...pdfInput, generatedAt: new Date() })).length;
  pdfTimes.push(performance.now() - start);
}
const pdf = stats(pdfTimes);
console.log(
  `report PDF, ${markers.length} markers (${Math.round(size / 1024)} KB), ${PDF_RUNS} runs: p50 ${ms(pdf.p50)}, p95 ${ms(pdf.p95)}, max ${ms(pdf.max)} (target p95 < 500 ms: ${pdf.p95 < 500 ? 'met' : 'MISSED'})`,
);
