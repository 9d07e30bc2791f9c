import type { z } from 'zod';
import type { Person, personCreateSchema, PersonUpdate } from '@prova/contract/staff-people';
import { type Erasure, erasureConfirmed } from '@prova/contract/staff-erasure';
import { OPERATOR_ROLE } from '@prova/contract/auth';
import { forbidden, HttpError, invalidBody, notFoundUnlessOthers } from '../../http/http-error';
import { maskEmail } from '../../http/log-redaction';
import { isStaff } from '../../domain/roles';
import { presentPerson } from '../../presenters/present-staff';
import type { Repositories } from '../../repositories/create-repositories';
import type { PersonFields } from '../../repositories/staff/people-repository';

// The people of a company as its staff manage them. Nobody is deleted: deactivating keeps every
// result and ends the person's sessions; staff cannot lock themselves out.

type Repos = Pick<Repositories, 'staff' | 'users'>;

/** 404 for a person the company does not have; audited when another company has them (OtherCompanyError). */
async function personNotFound(repos: Repos, userId: number) {
  return notFoundUnlessOthers('Person', `people/${userId}`, (await repos.users.findById(userId))?.company_id);
}
type PersonCreate = z.output<typeof personCreateSchema>;

export async function findPerson(repos: Repos, companyId: number, userId: number): Promise<Person> {
  const row = await repos.staff.people.find(companyId, userId);
  if (!row) throw await personNotFound(repos, userId);
  const campaigns = await repos.staff.people.campaignsOf(companyId, [userId]);
  return presentPerson(row, campaigns.get(userId) ?? []);
}

const emailTaken = (email: string) => new HttpError(409, 'CONFLICT', `${email} is already somebody's e-mail`);

/** The operator's role is given and taken only by the platform operator's import (`npm run import`). */
const operatorRoleRefused = () => forbidden("The operator's role is given by the platform operator only");

export async function createPerson(repos: Repos, companyId: number, body: PersonCreate): Promise<Person> {
  if (body.role === OPERATOR_ROLE) throw operatorRoleRefused();
  if (await repos.staff.people.findIdByEmail(body.email)) throw emailTaken(body.email);
  const id = await repos.staff.people.create(companyId, {
    email: body.email,
    first_name: body.firstName,
    last_name: body.lastName,
    gender: body.gender ?? null,
    lang: body.lang ?? null,
    role: body.role,
    has_sso: body.hasSSO ? 1 : 0,
  });
  return findPerson(repos, companyId, id);
}

export async function updatePerson(repos: Repos, companyId: number, callerId: number, userId: number, body: PersonUpdate): Promise<Person> {
  const current = await findPerson(repos, companyId, userId);
  if (body.role !== undefined && body.role !== current.role && (body.role === OPERATOR_ROLE || current.role === OPERATOR_ROLE))
    throw operatorRoleRefused();
  if (userId === callerId) {
    if (body.active === false) throw new HttpError(409, 'CONFLICT', 'You cannot deactivate yourself');
    if (body.role !== undefined && !isStaff(body.role)) throw new HttpError(409, 'CONFLICT', 'You cannot take away your own staff role');
  }
  if (body.email !== undefined) {
    const owner = await repos.staff.people.findIdByEmail(body.email);
    if (owner && owner.id !== userId) throw emailTaken(body.email);
  }
  const patch: Partial<PersonFields> & { deactivated_at?: null } = {};
  if (body.email !== undefined) patch.email = body.email;
  if (body.firstName !== undefined) patch.first_name = body.firstName;
  if (body.lastName !== undefined) patch.last_name = body.lastName;
  if (body.gender !== undefined) patch.gender = body.gender;
  if (body.lang !== undefined) patch.lang = body.lang;
  if (body.role !== undefined) patch.role = body.role;
  if (body.hasSSO !== undefined) patch.has_sso = body.hasSSO ? 1 : 0;
  if (body.active === true) patch.deactivated_at = null;
  await repos.staff.people.update(userId, patch);
  if (body.active === false) await repos.staff.people.deactivate([userId]);
  return findPerson(repos, companyId, userId);
}

/** Deactivates people of the company, all or none (another company's id is 404; oneself 409). */
export async function deactivatePeople(repos: Repos, companyId: number, callerId: number, userIds: number[]): Promise<number[]> {
  const ids = [...new Set(userIds)];
  const own = await repos.staff.people.ownIds(companyId, ids);
  const missing = ids.find((id) => !own.has(id));
  if (missing !== undefined) throw await personNotFound(repos, missing);
  if (ids.includes(callerId)) throw new HttpError(409, 'CONFLICT', 'You cannot deactivate yourself');
  await repos.staff.people.deactivate(ids);
  return ids;
}

/**
 * Erases a person of the company (issue 52): after staff typed their full name or e-mail, everything of
 * ERASURE_PLAN in one transaction. Cannot be undone: a tombstone cannot be erased again (409).
 */
export async function erasePerson(
  repos: Pick<Repositories, 'staff' | 'users'>,
  companyId: number,
  callerId: number,
  userId: number,
  confirm: string,
): Promise<Erasure> {
  const person = await repos.staff.erasure.person(companyId, userId);
  if (!person) throw await personNotFound(repos, userId);
  if (person.erased_at) throw new HttpError(409, 'CONFLICT', 'This person was erased already: an erasure cannot be undone');
  if (person.role === OPERATOR_ROLE) throw operatorRoleRefused();
  if (userId === callerId) throw new HttpError(409, 'CONFLICT', 'You cannot erase yourself');
  const words = { email: person.email, firstName: person.first_name, lastName: person.last_name };
  if (!erasureConfirmed(confirm, words))
    throw invalidBody([{ path: 'confirm', message: 'Type the person’s full name or e-mail to confirm' }]);
  const receipt = await repos.staff.erasure.erase(
    { id: person.id, companyId, maskedEmail: maskEmail(person.email.trim().toLowerCase()), ...words },
    { keepResults: await repos.staff.erasure.keepsResults(companyId), erasedBy: callerId, reason: 'staff' },
  );
  if (!receipt) throw new HttpError(409, 'CONFLICT', 'This person was erased already: an erasure cannot be undone');
  return receipt;
}
