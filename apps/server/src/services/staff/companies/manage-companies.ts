import type { z } from 'zod';
import type { Company, CompanySso, companySsoWriteSchema, CompanyWrite, SsoCheck } from '@prova/contract/staff-companies';
import { HttpError, notFound } from '../../../http/http-error';
import { presentCompany } from '../../../presenters/present-staff';
import type { Repositories } from '../../../repositories/create-repositories';
import { checkSsoConnection } from '../../sso/check-connection';

// Companies as the platform's operator manages them (and a company's staff their own): created with a name,
// renamed, given a logo, deleted while they hold nothing, their single sign-on set and tested.

type Repos = Pick<Repositories, 'staff'>;
type SsoWrite = z.output<typeof companySsoWriteSchema>;

export async function findCompany(repos: Repos, companyId: number): Promise<Company> {
  const company = await repos.staff.companies.find(companyId);
  if (!company) throw notFound('Company');
  return presentCompany(company);
}

export async function listCompanies(repos: Repos): Promise<Company[]> {
  return (await repos.staff.companies.list()).map(presentCompany);
}

const nameTaken = (name: string) => new HttpError(409, 'CONFLICT', `Another company is called "${name}"`);

export async function createCompany(repos: Repos, body: CompanyWrite & { name: string }): Promise<Company> {
  if (await repos.staff.companies.nameTaken(body.name)) throw nameTaken(body.name);
  const id = await repos.staff.companies.create({ name: body.name, logo: body.logo ?? null });
  if (body.timeZone !== undefined) await repos.staff.companies.update(id, { name: body.name, time_zone: body.timeZone });
  return findCompany(repos, id);
}

export async function updateCompany(repos: Repos, companyId: number, body: CompanyWrite & { name: string }): Promise<Company> {
  await findCompany(repos, companyId);
  if (await repos.staff.companies.nameTaken(body.name, companyId)) throw nameTaken(body.name);
  await repos.staff.companies.update(companyId, {
    name: body.name,
    ...(body.logo === undefined ? {} : { logo: body.logo }),
    ...(body.timeZone === undefined ? {} : { time_zone: body.timeZone }),
    ...(body.erasureKeepsResults === undefined ? {} : { erasure_keeps_results: body.erasureKeepsResults ? 1 : 0 }),
    ...(body.retentionMonths === undefined ? {} : { retention_months: body.retentionMonths }),
  });
  return findCompany(repos, companyId);
}

/** Deletes a company that holds nothing of its own: people, campaigns, tests, written tests, norms (409 IN_USE naming them). */
export async function deleteCompany(repos: Repos, companyId: number): Promise<void> {
  await findCompany(repos, companyId);
  const holdings = await repos.staff.companies.holdings(companyId);
  const held = Object.entries(holdings).filter(([, n]) => n > 0);
  if (held.length) {
    const what = held.map(([kind, n]) => `${n} ${kind}`).join(', ');
    throw new HttpError(409, 'IN_USE', `The company has ${what}: only a company without people, campaigns or tests can be deleted`);
  }
  await repos.staff.companies.delete(companyId);
}

/** The company's SSO as the form shows it (never its secret), or null. */
export async function findCompanySso(repos: Repos, companyId: number, redirectUriOf: (slug: string) => string): Promise<CompanySso | null> {
  const settings = await repos.staff.companies.findSso(companyId);
  if (settings === undefined) throw notFound('Company');
  if (settings === null) return null;
  return {
    slug: settings.slug,
    issuer: settings.issuer,
    clientId: settings.clientId,
    emailClaim: settings.emailClaim,
    hasSecret: settings.clientSecret !== undefined,
    redirectUri: redirectUriOf(settings.slug),
  };
}

/** The secret to use: the one given, else the one stored for the same issuer and client. */
async function secretOf(repos: Repos, companyId: number, body: SsoWrite): Promise<string | undefined> {
  if (body.clientSecret) return body.clientSecret;
  const previous = await repos.staff.companies.findSso(companyId);
  if (!previous) return undefined;
  return previous.issuer === body.issuer && previous.clientId === body.clientId ? previous.clientSecret : undefined;
}

/** Sets the company's SSO block (the bundle's `companies.sso` shape); a slug another company has is 409. */
export async function setCompanySso(
  repos: Repos,
  companyId: number,
  body: SsoWrite,
  redirectUriOf: (slug: string) => string,
): Promise<CompanySso | null> {
  await findCompany(repos, companyId);
  if (await repos.staff.companies.slugTaken(body.slug, companyId))
    throw new HttpError(409, 'CONFLICT', `Another company signs in at /sso/${body.slug}`);
  const clientSecret = await secretOf(repos, companyId, body);
  const block = { slug: body.slug, type: 'oidc', issuer: body.issuer, clientId: body.clientId, emailClaim: body.emailClaim, clientSecret };
  await repos.staff.companies.setSso(companyId, { slug: body.slug, json: JSON.stringify(block) });
  return findCompanySso(repos, companyId, redirectUriOf);
}

export async function removeCompanySso(repos: Repos, companyId: number): Promise<void> {
  await findCompany(repos, companyId);
  await repos.staff.companies.setSso(companyId, null);
}

/** Tests the settings of the form (saved or not) against the provider. */
export async function testCompanySso(
  repos: Repos,
  companyId: number,
  body: SsoWrite,
  redirectUriOf: (slug: string) => string,
): Promise<SsoCheck> {
  await findCompany(repos, companyId);
  const clientSecret = await secretOf(repos, companyId, body);
  return checkSsoConnection({ issuer: body.issuer, clientId: body.clientId, clientSecret, redirectUri: redirectUriOf(body.slug) });
}
