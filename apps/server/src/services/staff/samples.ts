import type { SampleWrite, StaffSample } from '@prova/contract/staff-samples';
import { HttpError, notFound, notFoundUnlessOthers } from '../../http/http-error';
import { isAssessor } from '../../domain/roles';
import { presentSample } from '../../presenters/present-staff';
import type { Repositories } from '../../repositories/create-repositories';
import type { SampleKey } from '../../repositories/staff/samples-repository';

// Samples: who assesses whom in which test of a campaign. An assessor loads theirs with
// GET /users/assessed/{campaignId}/{testId}; staff assign them here.

type Repos = Pick<Repositories, 'staff' | 'tests' | 'users'>;

const unprocessable = (path: string, message: string) => new HttpError(422, 'VALIDATION', `${path}: ${message}`, [{ path, message }]);

/** 404 for a sample the company does not have; audited when another company has it. */
const sampleNotFound = async (repos: Repos, id: number) =>
  notFoundUnlessOthers('Sample', `samples/${id}`, await repos.staff.samples.companyOf(id));

export async function findSample(repos: Repos, companyId: number, id: number, lang: string): Promise<StaffSample> {
  const row = await repos.staff.samples.find(companyId, id);
  if (!row) throw await sampleNotFound(repos, id);
  return presentSample(row, lang);
}

/** The campaign is the company's (404), the test is in it, both people take part, the assessor assesses. */
async function checkKey(repos: Repos, companyId: number, body: SampleWrite): Promise<SampleKey> {
  const campaign = await repos.staff.campaigns.find(companyId, body.campaignId);
  if (!campaign) throw notFound('Campaign');
  if (!(await repos.tests.findInCampaign(body.campaignId, body.testId)))
    throw unprocessable('body.testId', `test ${body.testId} is not in this campaign`);
  const members = new Set(await repos.staff.campaigns.participantIds(body.campaignId, companyId, [body.assessorId, body.assessedId]));
  for (const field of ['assessorId', 'assessedId'] as const) {
    if (!members.has(body[field])) throw unprocessable(`body.${field}`, `person ${body[field]} does not take part in this campaign`);
  }
  const assessor = await repos.users.findById(body.assessorId);
  if (!assessor || !isAssessor(assessor.role))
    throw unprocessable('body.assessorId', 'the assessor needs the Assessor role (or a staff one)');
  if (body.assessorId === body.assessedId) throw unprocessable('body.assessedId', 'nobody assesses themself');
  return body;
}

/** A sample whose assessor recorded ratings stays: moving or deleting it would silently drop them from the report. */
const refuseRated = (row: { rated: number }, id: number) => {
  if (row.rated === 1) throw new HttpError(409, 'IN_USE', `Sample ${id} has ratings: it cannot be changed or deleted`);
};

export async function createSample(repos: Repos, companyId: number, body: SampleWrite, lang: string): Promise<StaffSample> {
  const key = await checkKey(repos, companyId, body);
  if (await repos.staff.samples.findByKey(key))
    throw new HttpError(409, 'CONFLICT', 'This assessor already assesses this person in this test');
  return findSample(repos, companyId, await repos.staff.samples.create(key), lang);
}

export async function updateSample(repos: Repos, companyId: number, id: number, body: SampleWrite, lang: string): Promise<StaffSample> {
  const row = await repos.staff.samples.find(companyId, id);
  if (!row) throw await sampleNotFound(repos, id);
  const key = await checkKey(repos, companyId, body);
  const same = await repos.staff.samples.findByKey(key);
  if (same && same.id !== id) throw new HttpError(409, 'CONFLICT', 'This assessor already assesses this person in this test');
  if (!same) {
    refuseRated(row, id);
    await repos.staff.samples.update(id, key);
  }
  return findSample(repos, companyId, id, lang);
}

export async function deleteSamples(repos: Repos, companyId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  for (const id of unique) {
    const row = await repos.staff.samples.find(companyId, id);
    if (!row) throw await sampleNotFound(repos, id);
    refuseRated(row, id);
  }
  await repos.staff.samples.delete(unique);
  return unique;
}
