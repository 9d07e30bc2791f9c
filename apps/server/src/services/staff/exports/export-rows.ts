import { LANGS, type LangCode, TEST_360_ID } from '@prova/contract/limits';
import type { Outcome } from '@prova/contract/tests';
import type { StaffCampaignRow } from '../../../repositories/staff/campaign-progress-repository';
import { contentLang } from '../../../domain/content-language';
import { localize, pickLang } from '../../../presenters/localize';
import type { Repositories } from '../../../repositories/create-repositories';
import { computeReport } from '../../reports/compute-report';
import { reportNorms } from '../../reports/report-norms';
import { campaignProgress, campaignTests } from '../campaign-progress';
import type { Progress } from '../jobs/job-runner';
import { resultSourceOf, type ScoredTest } from '../../../domain/test-scoring';
import type { ExportTexts } from './export-texts';

// A campaign's results, one row per participant: who they are, where they are in each test, every
// outcome that counts for the report, the report model's marker, skill and area values, and their
// 360 evaluations. Read a page of participants at a time, yielding between pages.

/** A cell: text, a number, nothing, or an instant (written on the company's clock by each format). */
export type Cell = string | number | null | { at: string };
export interface ExportTable {
  header: string[];
  rows: Cell[][];
}

type Repos = Pick<Repositories, 'staff' | 'tests' | 'reports'>;

const BATCH = 200;
type NormPart = 'percentile' | 'sten' | 'percentile low' | 'percentile high';
const numeric = (value: unknown): Cell => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return value;
  return value === null || value === undefined ? null : JSON.stringify(value);
};
const outcomeKey = (o: Outcome) => (o.answerId === undefined ? String(o.questionId) : `${String(o.questionId)}.${String(o.answerId)}`);

/** The outcomes that count, as the report reads them: the assessors' mean, the server's scoring, or the activity's. */
function countingOutcomes(
  test: ScoredTest & { id: number },
  assessed: boolean,
  outcomes: { testId: number; source: string; outcomes: Outcome[] }[],
): Map<string, Cell> {
  const out = new Map<string, Cell>();
  if (assessed) {
    const sums = new Map<string, number[]>();
    for (const o of outcomes.filter((r) => r.testId === test.id && r.source === 'assessor'))
      for (const value of o.outcomes) {
        const n = typeof value.value === 'number' ? value.value : Number(value.value);
        if (Number.isFinite(n)) sums.set(outcomeKey(value), [...(sums.get(outcomeKey(value)) ?? []), n]);
      }
    for (const [key, values] of sums) out.set(key, values.reduce((a, b) => a + b, 0) / values.length);
    return out;
  }
  const source = resultSourceOf(test);
  for (const o of outcomes.filter((r) => r.testId === test.id && r.source === source))
    for (const value of o.outcomes) out.set(outcomeKey(value), numeric(value.value));
  return out;
}

const languageName = (texts: ExportTexts, code: string | null): Cell =>
  code && (LANGS as readonly string[]).includes(code) ? texts.languages[code as LangCode] : code;

export async function buildExportTable(
  repos: Repos,
  companyId: number,
  campaign: StaffCampaignRow,
  lang: string,
  texts: ExportTexts,
  progress: Progress,
): Promise<ExportTable> {
  const { tests, own } = await campaignTests(repos, campaign, lang);
  const { model } = campaign;
  const modelColumns = [
    ...model.markers.map((m) => ({ kind: 'marker' as const, id: m.id, label: `${texts.marker} ${m.id} ${pickLang(m.name, lang)}` })),
    ...model.skills.map((s) => ({ kind: 'skill' as const, id: s.id, label: `${texts.skill} ${s.id} ${pickLang(s.name, lang)}` })),
    ...model.areas.map((a) => ({ kind: 'area' as const, id: a.id, label: `${texts.area} ${a.id} ${pickLang(a.name, lang)}` })),
  ];
  // The campaign's norms: each normed outcome's percentile and sten (and, for THETA, the band of θ ± SE).
  const norms = await repos.reports.listCampaignNorms(campaign.id);
  const abbreviationOf = new Map(tests.map((t) => [t.id, t.abbreviation]));
  const normColumns = norms.flatMap((norm) => {
    const label = `${abbreviationOf.get(norm.test_id) ?? norm.test_id}.${norm.outcome} ${localize(norm.name, lang)} (n ${norm.n})`;
    const parts: NormPart[] = ['percentile', 'sten', ...(norm.outcome === 'THETA' ? (['percentile low', 'percentile high'] as const) : [])];
    const words: Record<NormPart, string> = {
      percentile: texts.norm.percentile,
      sten: texts.norm.sten,
      'percentile low': texts.norm.low,
      'percentile high': texts.norm.high,
    };
    return parts.map((part) => ({ normId: norm.id, part, label: `${label} ${words[part]}` }));
  });
  const outcomeColumns: string[] = [];
  const seenOutcomes = new Set<string>();
  const people: { fixed: Cell[]; outcomes: Map<string, Cell>; model: Cell[]; normed: Cell[]; feedback: Cell[] }[] = [];

  let page = 1;
  let total = 0;
  for (;;) {
    const answer = await campaignProgress(repos, companyId, campaign, { page, pageSize: BATCH, sort: 'name' }, lang);
    total = answer.total;
    // The language each test was taken in, as its opening recorded it (test_progress.lang).
    const takenIn = new Map(
      (
        await repos.staff.campaigns.cells(
          campaign.id,
          answer.participants.map((p) => p.user.id),
        )
      ).map((c) => [`${c.user_id}:${c.test_id}`, c.lang]),
    );
    for (const p of answer.participants) {
      // The language the campaign's contents are shown in for them, as the test room decides it.
      const shownIn = contentLang({ languages: campaign.languages, participant_lang: p.campaignLang }, p.user);
      const [results, assessedTests, outcomes] = await Promise.all([
        repos.reports.listTestResults(campaign.id, p.user.id),
        repos.reports.listAssessedTests(campaign.id, p.user.id),
        repos.reports.listOutcomes(campaign.id, p.user.id),
      ]);
      const report = computeReport({ model, lang, tests: results, assessedTests, outcomes });
      const normed = new Map(reportNorms(norms, { tests: results, assessedTests, outcomes, lang }).map((n) => [n.normId, n]));
      const values = new Map<string, number>([
        ...report.markers.map((m) => [`marker:${m.id}`, m.value] as const),
        ...report.skills.map((s) => [`skill:${s.id}`, s.value] as const),
        ...report.areas.map((a) => [`area:${a.id}`, a.value] as const),
      ]);
      const byOutcome = new Map<string, Cell>();
      for (const test of tests.filter((t) => t.id !== TEST_360_ID)) {
        const result = results.find((r) => r.id === test.id);
        if (!result) continue;
        for (const [key, value] of countingOutcomes(result, assessedTests.has(test.id), outcomes)) {
          const column = `${test.abbreviation}.${key}`;
          if (!seenOutcomes.has(column)) {
            seenOutcomes.add(column);
            outcomeColumns.push(column);
          }
          byOutcome.set(column, value);
        }
      }
      const cells = own.flatMap((test) => {
        const cell = p.cells.find((c) => c.testId === test.id);
        const status = cell?.status ?? 'not attempted';
        // A test opened before its language was kept (migration 0014d) reads the one the campaign shows them.
        const lang = status === 'not attempted' ? null : (takenIn.get(`${p.user.id}:${test.id}`) ?? shownIn);
        return [
          texts.statuses[status],
          cell?.status === 'complete' && cell.updatedAt ? { at: cell.updatedAt } : null,
          languageName(texts, lang),
        ];
      });
      people.push({
        fixed: [
          p.user.id,
          p.user.lastName,
          p.user.firstName,
          p.user.email,
          texts.roles[p.user.role],
          languageName(texts, shownIn),
          p.invitedAt ? { at: p.invitedAt } : null,
          p.lastActivity ? { at: p.lastActivity } : null,
          p.completed,
          p.total,
          ...cells,
        ],
        outcomes: byOutcome,
        model: modelColumns.map((c) => values.get(`${c.kind}:${c.id}`) ?? null),
        normed: normColumns.map(({ normId, part }) => {
          const n = normed.get(normId);
          if (!n) return null;
          if (part === 'percentile') return n.percentile;
          if (part === 'sten') return n.sten;
          return (part === 'percentile low' ? n.band?.low : n.band?.high) ?? null;
        }),
        feedback: p.feedback360 ? [p.feedback360.done, p.feedback360.total] : [],
      });
    }
    progress('rows', people.length, total);
    if (answer.participants.length < BATCH) break;
    page += 1;
    // Other requests go first.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  const { columns } = texts;
  const header = [
    columns.id,
    columns.lastName,
    columns.firstName,
    columns.email,
    columns.role,
    columns.language,
    columns.invitedAt,
    columns.lastActivity,
    columns.testsCompleted,
    columns.testsTotal,
    ...own.flatMap((t) => [texts.status(t.abbreviation), texts.completedAt(t.abbreviation), texts.takenIn(t.abbreviation)]),
    ...outcomeColumns,
    ...modelColumns.map((c) => c.label),
    ...normColumns.map((c) => c.label),
    ...(campaign.is360 === 1 ? [texts.evaluationsDone, texts.evaluationsTotal] : []),
  ];
  const rows = people.map((p) => [
    ...p.fixed,
    ...outcomeColumns.map((c) => p.outcomes.get(c) ?? null),
    ...p.model,
    ...p.normed,
    ...p.feedback,
  ]);
  return { header, rows };
}
