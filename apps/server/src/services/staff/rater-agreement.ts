import type { LocalizedText } from '@prova/contract/bundle';
import type { AgreementAnswer } from '@prova/contract/item-analysis';
import { raterAgreement } from '@prova/measurement/item-analysis/rater-agreement';
import type { StaffCampaignRow } from '../../repositories/staff/campaign-progress-repository';
import { localize, pickLang } from '../../presenters/localize';
import type { Repositories } from '../../repositories/create-repositories';
import { SELF_RELATION } from '../reports/results-360';

// How far the raters of each relation group agree on each closed question of a 360 campaign: per rated person,
// the group's rwg and SD where the group has at least the campaign's confidentiality threshold of raters (as the
// reports show it; smaller groups are left out), then their means over the people rated. No person is named.

type Repos = Pick<Repositories, 'staff' | 'reports'>;

const PAGE = 200;

interface Sums {
  label: string;
  groups: number;
  ratings: number;
  rwg: number;
  sd: number;
}

export async function campaignRaterAgreement(repos: Repos, campaign: StaffCampaignRow, lang: string): Promise<AgreementAnswer> {
  // A campaign without a 360 has no closed questions to agree on.
  const closed = campaign.is360 ? (campaign.questions360?.closed ?? []) : [];
  const threshold = campaign.report.confidentialityThreshold;
  const points = campaign.range360_num;
  const sums = new Map<number, Map<number, Sums>>(closed.map((q) => [q.id, new Map()]));

  for (let after = 0; ;) {
    const evaluees = await repos.staff.itemAnalysis.evalueeIds(campaign.id, after, PAGE);
    for (const evalueeId of evaluees) {
      const [raters, answers] = await Promise.all([
        repos.reports.listRaters(campaign.id, evalueeId),
        repos.reports.listAnswers360(campaign.id, evalueeId),
      ]);
      const relationOf = new Map<number, { id: number; label: LocalizedText }>();
      for (const r of raters)
        if (r.evaluator_id !== evalueeId && r.relation_id !== SELF_RELATION)
          relationOf.set(r.evaluator_id, { id: r.relation_id, label: r.label });
      const ratings = new Map<string, number[]>();
      for (const a of answers) {
        const relation = relationOf.get(a.evaluator_id);
        if (!relation || a.answer_id !== 0 || a.value === null || !sums.has(a.question_id)) continue;
        const key = `${a.question_id}:${relation.id}`;
        ratings.set(key, [...(ratings.get(key) ?? []), a.value]);
      }
      const labelOf = new Map([...relationOf.values()].map((r) => [r.id, localize(r.label, lang)]));
      for (const [key, values] of ratings) {
        if (values.length < threshold) continue;
        const agreement = raterAgreement(values, points);
        if (!agreement) continue;
        const [questionId, relationId] = key.split(':').map(Number);
        const byRelation = sums.get(questionId)!;
        const s = byRelation.get(relationId) ?? { label: labelOf.get(relationId) ?? '', groups: 0, ratings: 0, rwg: 0, sd: 0 };
        s.groups++;
        s.ratings += agreement.n;
        s.rwg += agreement.rwg;
        s.sd += agreement.sd;
        byRelation.set(relationId, s);
      }
    }
    if (evaluees.length < PAGE) break;
    after = evaluees[evaluees.length - 1];
  }

  return {
    campaignId: campaign.id,
    threshold,
    scalePoints: points,
    questions: closed.map((q) => ({
      id: q.id,
      text: pickLang(q.text, lang),
      relations: [...sums.get(q.id)!]
        .sort(([a], [b]) => a - b)
        .map(([relationId, s]) => ({
          relationId,
          label: s.label,
          groups: s.groups,
          ratings: s.ratings,
          rwg: s.rwg / s.groups,
          sd: s.sd / s.groups,
        })),
    })),
  };
}
