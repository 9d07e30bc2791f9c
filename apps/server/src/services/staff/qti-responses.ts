import { type QtiProgress, qtiProgressSchema, type QtiResponseValue } from '@prova/contract/content';
import type { StaffResponses, StaffResponseVariable } from '@prova/contract/staff-responses';
import type { StaffCampaignRow } from '../../repositories/staff/campaign-progress-repository';
import { notFound } from '../../http/http-error';
import type { Repositories } from '../../repositories/create-repositories';
import type { ProgressKey } from '../../repositories/progress-repository';
import { reportNorms } from '../reports/report-norms';
import { scriptInput } from '../scoring/run-algorithm';
import { staffStatusOf } from './campaign-progress';
import type { Atom } from '@prova/qti/scoring';

type Repos = Pick<Repositories, 'staff' | 'ratings' | 'reports'>;

/** An atom as the player saves one: a pair or a point "A B", a number in decimal. */
const atomText = (atom: Atom) => (Array.isArray(atom) ? atom.join(' ') : String(atom));

function keyOf(correct: { cardinality: string; values: Atom[] } | null): QtiResponseValue {
  if (!correct || correct.values.length === 0) return null;
  return correct.cardinality === 'single' ? atomText(correct.values[0]) : correct.values.map(atomText);
}

const EMPTY: QtiProgress = { qti: 1, position: null, responses: {}, flagged: [] };

/** An item as the candidate was given it, with what they answered. */
interface ShownItem {
  identifier: string;
  title: string;
  section: string;
  given: Record<string, unknown> | null;
  flagged: boolean;
  /** The score the server gave the answer as it came (adaptive), before the test's scoring. */
  score?: number;
  estimate?: { theta: number; se: number };
  current?: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The title attribute of an item's root element (the bank keeps the item's XML, not its title). */
export function itemTitle(xml: string): string | null {
  const root = /<qti-assessment-item\b[^>]*>/.exec(xml)?.[0];
  const title = root && /\stitle\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(root);
  if (!title) return null;
  return (title[1] ?? title[2] ?? '').replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/**
 * An adaptive attempt's items: those given in this attempt (its session, opened when it started), in order, each
 * answer's score and the estimate after it; the item the candidate is on last, unanswered.
 */
async function adaptiveItems(repos: Repos, key: ProgressKey, startedAt: string | null): Promise<ShownItem[]> {
  const [session, bank] = await Promise.all([
    repos.staff.responses.findAdaptiveSession(key),
    repos.staff.responses.findAdaptiveBank(key.testId),
  ]);
  // A session of an earlier attempt (a staff reset since) is not this attempt's.
  if (!session || session.attempt !== startedAt) return [];
  const titleOf = (id: string) => {
    const xml = Object.hasOwn(bank, id) ? bank[id].xml : undefined;
    return (xml === undefined ? null : itemTitle(xml)) || id;
  };
  const shown: ShownItem[] = session.given.map((g) => ({
    identifier: g.item,
    title: titleOf(g.item),
    section: '',
    given: g.response,
    flagged: false,
    score: g.raw,
    ...(typeof g.theta === 'number' && typeof g.se === 'number' ? { estimate: { theta: round4(g.theta), se: round4(g.se) } } : {}),
  }));
  if (session.done !== 1 && session.current !== null)
    shown.push({ identifier: session.current, title: titleOf(session.current), section: '', given: null, flagged: false, current: true });
  return shown;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * A candidate's responses in a QTI package test of the campaign, item by item in delivery order, beside the key
 * and the server's score (an adaptive test: the items given, in order; above). 404 for a participant not in the campaign or a test that is not its QTI package test.
 */
export async function qtiResponses(
  repos: Repos,
  opts: { companyId: number; campaign: StaffCampaignRow; userId: number; testId: number; lang?: string },
  now = new Date(),
): Promise<StaffResponses> {
  const { campaign, userId, testId } = opts;
  if (!(await repos.staff.campaigns.participantIds(campaign.id, opts.companyId, [userId])).length) throw notFound('Participant');
  const test = await repos.staff.responses.findQtiTest(campaign.id, testId);
  // The key: each item's response declarations (the scoring model), with their correct response and mapping.
  if (!test?.delivery || !test.scoring) throw notFound('QTI test');
  const { delivery, scoring: model } = test;

  const key = { campaignId: campaign.id, testId, userId };
  const [progress, outcomes, ratings, campaignNorms] = await Promise.all([
    repos.staff.responses.findProgress(key),
    repos.staff.responses.findServerOutcomes(key),
    repos.ratings.list(key),
    repos.reports.listCampaignNorms(campaign.id),
  ]);
  const ratingOf = new Map(ratings.map((r) => [r.itemId, r]));
  const rated = new Map(model.items.flatMap((item) => (item.rated ? [[item.identifier, item.rated.maxScore] as const] : [])));
  const savedProgress = qtiProgressSchema.safeParse(scriptInput(progress?.data ?? null));
  const saved = savedProgress.success ? savedProgress.data : EMPTY;
  const scores = outcomes ? new Map(outcomes.map((o) => [String(o.questionId), o.value])) : null;

  const declarations = new Map(model.items.map((item) => [item.identifier, item.responses]));
  const shown: ShownItem[] = delivery.adaptive
    ? await adaptiveItems(repos, key, progress?.started_at ?? null)
    : delivery.parts.flatMap((part) =>
        part.sections.flatMap((section) =>
          section.items.map((item) => ({
            identifier: item.identifier,
            title: item.title,
            section: section.title,
            given: Object.hasOwn(saved.responses, item.identifier) ? saved.responses[item.identifier] : {},
            flagged: saved.flagged.includes(item.identifier),
          })),
        ),
      );
  const items = shown.map((item) => {
    const given = item.given ?? {};
    const responses: StaffResponseVariable[] = (declarations.get(item.identifier) ?? []).map((d) => ({
      identifier: d.identifier,
      cardinality: d.cardinality,
      baseType: d.baseType,
      response: Object.hasOwn(given, d.identifier) ? (given[d.identifier] as QtiResponseValue) : null,
      correct: keyOf(d.correct),
      mapping: (d.mapping?.entries ?? []).map((e) => ({ key: atomText(e.key), points: e.value })),
    }));
    const score = scores?.get(item.identifier) ?? item.score;
    const maxScore = rated.get(item.identifier);
    const rating = ratingOf.get(item.identifier);
    return {
      identifier: item.identifier,
      title: item.title,
      section: item.section,
      responses,
      score: score === undefined ? null : score,
      flagged: item.flagged,
      ...(item.estimate ? { estimate: item.estimate } : {}),
      ...(item.current ? { current: true } : {}),
      ...(maxScore === undefined
        ? {}
        : { rating: { maxScore, points: rating ? rating.points : null, ratedAt: rating ? rating.ratedAt : null } }),
    };
  });
  const itemIds = new Set(items.map((i) => i.identifier));
  // The server's outcomes of this test, read against the campaign's norms for it as the report reads them.
  const norms = reportNorms(
    campaignNorms.filter((n) => n.test_id === testId),
    {
      tests: [{ id: testId, abbreviation: '', name: {}, algorithm: null, package_kind: 'qti', status: scores ? 'complete' : null }],
      assessedTests: new Set(),
      outcomes: outcomes ? [{ testId, source: 'server', outcomes }] : [],
      lang: opts.lang ?? 'IT_it',
    },
  ).map((n) => ({ ...n, testName: delivery.title }));
  return {
    norms,
    test: { id: test.id, title: delivery.title },
    status: staffStatusOf(progress, now),
    scored: scores !== null,
    items,
    ...(delivery.adaptive ? { adaptive: true } : {}),
    final: items.every((i) => !i.rating || i.rating.points !== null),
    outcomes: outcomes ? outcomes.filter((o) => !itemIds.has(String(o.questionId))) : [],
  };
}
