import { type CreateNormRequest, NORM_MIN_N, type StaffNorm } from '@prova/contract/norms';
import { buildNorm } from '@prova/measurement/norms/norms';
import { invalidBody, notFoundUnlessOthers } from '../../http/http-error';
import { localize } from '../../presenters/localize';
import type { Repositories } from '../../repositories/create-repositories';
import { rawValue } from '../reports/compute-report';

// Norm groups built in the console from the company's own completed results (docs/staff-api.md, "Norms").

type Repos = Pick<Repositories, 'staff'>;

/** The company's norms, names in the staff's language. */
export async function listNorms(repos: Repos, companyId: number, lang: string): Promise<StaffNorm[]> {
  const rows = await repos.staff.norms.list(companyId);
  return rows.map((row) => {
    return {
      id: row.id,
      name: localize(row.name, lang),
      testId: row.test_id,
      testName: localize(row.test_name, lang),
      outcome: row.outcome,
      n: row.n,
      mean: row.mean === null ? null : Number(row.mean),
      sd: row.sd === null ? null : Number(row.sd),
      table: row.norm_table,
      campaignIds: row.campaign_ids,
    };
  });
}

/**
 * n, mean and sample sd of the test outcome over the completed results in the company's campaigns (each person's
 * result in each campaign once, read as the report reads it); 404 for a test the company may not use, 422 under
 * NORM_MIN_N or without spread.
 */
export async function computeNorm(repos: Repos, companyId: number, body: CreateNormRequest) {
  // A test the company may not use is not found, whether another company has it or nobody does (audited if one does).
  const test = await repos.staff.norms.findTest(companyId, body.test);
  if (!test) throw notFoundUnlessOthers('Test', `tests/${body.test}`, await repos.staff.norms.companyOfTest(body.test));
  const problems: { path: string; message: string }[] = [];
  const campaignIds = [...new Set(body.campaigns)];
  for (const [k, id] of body.campaigns.entries())
    if (!(await repos.staff.campaigns.find(companyId, id)))
      problems.push({ path: `campaigns.${k}`, message: `campaign ${id} is not one of your company's campaigns` });
  if (problems.length) throw invalidBody(problems);

  const rows = await repos.staff.norms.completedOutcomes(campaignIds, test.id);
  const byAttempt = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.campaignId}:${row.userId}`;
    byAttempt.set(key, [...(byAttempt.get(key) ?? []), row]);
  }
  const scores: number[] = [];
  const tests = [{ ...test, abbreviation: '', status: 'complete' }];
  for (const outcomes of byAttempt.values()) {
    const value = rawValue(
      { tests, assessedTests: new Set(), outcomes: outcomes.map((o) => ({ ...o, testId: test.id })) },
      test.id,
      body.outcome,
    );
    if (value !== undefined) scores.push(value);
  }
  const built = buildNorm(scores, NORM_MIN_N);
  if (!built.ok)
    throw invalidBody([
      {
        path: 'campaigns',
        message:
          built.reason === 'too-few'
            ? `only ${built.n} completed results for this outcome: a norm needs at least ${NORM_MIN_N}`
            : `all ${built.n} results are the same: a norm needs results that differ`,
      },
    ]);
  return { n: built.norm.n, mean: built.norm.mean, sd: built.norm.sd };
}

/** Computes the norm and keeps it as the company's, as a mean and sd (the normal distribution the preview showed). */
export async function createNorm(repos: Repos, companyId: number, body: CreateNormRequest, lang: string): Promise<StaffNorm> {
  const norm = await computeNorm(repos, companyId, body);
  const id = await repos.staff.norms.insert({
    company_id: companyId,
    name: JSON.stringify(body.name),
    test_id: body.test,
    outcome: body.outcome,
    ...norm,
  });
  return (await listNorms(repos, companyId, lang)).find((n) => n.id === id)!;
}

/** The campaign's norms become `normIds`, each one of the company's (422 otherwise). */
export async function setCampaignNorms(repos: Repos, companyId: number, campaignId: number, normIds: number[]) {
  const ids = [...new Set(normIds)];
  const own = await repos.staff.norms.ownIds(companyId, ids);
  const problems = normIds.flatMap((id, k) =>
    own.has(id) ? [] : [{ path: `norms.${k}`, message: `norm ${id} is not one of your company's norms` }],
  );
  if (problems.length) throw invalidBody(problems);
  await repos.staff.norms.setCampaignNorms(campaignId, ids);
}
