import { ANALYSIS_MIN_N, type ItemAnalysisAnswer } from '@prova/contract/item-analysis';
import { type Choice, ItemAnalysisAccumulator, type ItemSpec } from '@prova/measurement/item-analysis/item-analysis';
import type { ItemModel } from '@prova/qti/scoring';
import { HttpError, notFound } from '../../http/http-error';
import type { Repositories } from '../../repositories/create-repositories';
import type { AnalysedAttemptRow } from '../../repositories/staff/item-analysis-repository';
import type { Cell, ExportTable } from './exports/export-rows';

// A QTI package test's item analysis over the completed, server-scored attempts of the company's campaigns: the
// attempts read a page at a time into the accumulator of packages/measurement, so memory stays that of one page.

type Repos = Pick<Repositories, 'staff'>;

const PAGE = 1000;

/** The most an item scores as its model declares it: an assessor's maximum, MAXSCORE, else what its key maps to. */
export function itemMaxScore(item: ItemModel): number {
  if (item.rated) return item.rated.maxScore;
  const declared = item.outcomes.find((o) => o.identifier === 'MAXSCORE')?.defaultValue?.values[0];
  if (typeof declared === 'number' && declared > 0) return declared;
  const normal = item.outcomes.find((o) => o.identifier === 'SCORE')?.normalMaximum;
  if (typeof normal === 'number' && normal > 0) return normal;
  let total = 0;
  for (const d of item.responses) {
    const mapping = d.mapping ?? d.areaMapping;
    if (mapping) {
      const positive = mapping.entries.map((e) => e.value).filter((v) => v > 0);
      const most = d.cardinality === 'single' ? Math.max(0, ...positive) : positive.reduce((a, b) => a + b, 0);
      total += mapping.upperBound === null ? most : Math.min(most, mapping.upperBound);
    } else if (d.correct) total += 1;
  }
  return total > 0 ? total : 1;
}

/** A choice item: one response, of options by identifier (one or several); its key the correct options. */
function choiceOf(item: ItemModel): ItemSpec['choice'] {
  if (item.responses.length !== 1) return undefined;
  const [d] = item.responses;
  if (d.baseType !== 'identifier' || (d.cardinality !== 'single' && d.cardinality !== 'multiple')) return undefined;
  return { key: (d.correct?.values ?? []).map(String) };
}

function chosen(raw: unknown): Choice {
  if (typeof raw === 'string') return raw;
  if (Array.isArray(raw)) return raw.filter((r): r is string => typeof r === 'string');
  return null;
}

export interface AnalysisRequest {
  companyId: number;
  testId: number;
  campaignIds?: number[];
}

export async function itemAnalysis(repos: Repos, request: AnalysisRequest): Promise<ItemAnalysisAnswer> {
  const store = repos.staff.itemAnalysis;
  const test = await store.findQtiTest(request.companyId, request.testId);
  if (!test?.delivery || !test.scoring) throw notFound('QTI test');
  const { delivery, scoring: model } = test;

  const using = await store.campaignIdsUsing(request.companyId, test.id);
  const campaignIds = request.campaignIds ?? using;
  // Another company's campaign, or one without the test, is not found: nobody learns what others have.
  for (const id of campaignIds) if (!using.includes(id)) throw notFound('Campaign');

  const models = new Map(model.items.map((item) => [item.identifier, item]));
  const delivered = delivery.parts.flatMap((part) => part.sections.flatMap((section) => section.items));
  const items = delivered.flatMap((d) => {
    const m = models.get(d.identifier);
    return m ? [{ identifier: d.identifier, title: d.title, model: m }] : [];
  });
  const specs: ItemSpec[] = items.map(({ identifier, model: m }) => ({ id: identifier, maxScore: itemMaxScore(m), choice: choiceOf(m) }));
  const responseIds = items.map(({ model: m }) => (choiceOf(m) ? m.responses[0].identifier : null));
  const index = new Map(items.map((item, i) => [item.identifier, i]));

  const acc = new ItemAnalysisAccumulator(specs);
  const scores = new Array<number>(items.length);
  const choices = new Array<Choice>(items.length);
  const anyChoice = responseIds.some((id) => id !== null);
  for (const campaignId of campaignIds) {
    // The next page is asked for before this one is read (its cursor is this page's last person): the database finds
    // it meanwhile. At most two pages in memory.
    let next: Promise<AnalysedAttemptRow[]> | null = store.completedAttempts(campaignId, test.id, 0, PAGE, anyChoice);
    while (next) {
      const page: AnalysedAttemptRow[] = await next;
      next = page.length < PAGE ? null : store.completedAttempts(campaignId, test.id, page[page.length - 1].user_id, PAGE, anyChoice);
      // Awaited on the next turn; a failure before then is not left unhandled.
      next?.catch(() => {});
      for (const row of page) {
        scores.fill(0);
        choices.fill(null);
        if (row.outcomes)
          for (const o of row.outcomes) {
            const i = index.get(String(o.questionId));
            if (i !== undefined && typeof o.value === 'number') scores[i] = o.value;
          }
        const { progress } = row;
        if (progress)
          for (let i = 0; i < responseIds.length; i++) {
            const responseId = responseIds[i];
            if (responseId === null) continue;
            const given = progress.responses[items[i].identifier];
            choices[i] = given && Object.hasOwn(given, responseId) ? chosen(given[responseId]) : null;
          }
        acc.add(scores, choices);
      }
    }
  }

  const result = acc.result(ANALYSIS_MIN_N);
  const base = { test: { id: test.id, title: delivery.title }, campaignIds, n: result.n, minN: result.minN };
  if (!result.sufficient) return { ...base, sufficient: false, reason: 'TOO_FEW_ATTEMPTS' };
  return {
    ...base,
    sufficient: true,
    reliability: result.reliability,
    total: result.total,
    distribution: result.distribution,
    items: result.items.map(({ id, ...figures }, i) => ({ identifier: id, title: items[i].title, ...figures })),
  };
}

const round = (x: number | null, digits = 4): Cell => (x === null ? null : Number(x.toFixed(digits)));

/** The analysis as a table, one row per item; 409 while too few attempts are complete. */
export function itemAnalysisTable(analysis: ItemAnalysisAnswer): ExportTable {
  if (!analysis.sufficient)
    throw new HttpError(409, 'CONFLICT', `Only ${analysis.n} completed attempts: the analysis needs at least ${analysis.minN}`);
  const { coefficient } = analysis.reliability;
  return {
    header: ['item', 'title', 'max score', 'mean', 'sd', 'p', 'r', `${coefficient} if deleted`, 'flags', 'options', 'no response'],
    rows: analysis.items.map((item) => [
      item.identifier,
      item.title,
      item.maxScore,
      round(item.mean),
      round(item.sd),
      round(item.p),
      round(item.r),
      round(item.alphaIfDeleted),
      item.flags.join(' '),
      item.distractors
        ? item.distractors.options
            .map((o) => `${o.option}${o.key ? '*' : ''} ${round(o.share, 3)} (mean total ${round(o.meanTotal, 2)})`)
            .join('; ')
        : null,
      item.distractors ? round(item.distractors.none.share, 3) : null,
    ]),
  };
}
