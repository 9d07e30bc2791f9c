import { campaignPhaseOf } from '@prova/contract/campaigns';
import { acceptsRatings } from '../domain/campaign-window';
import type { Role } from '@prova/contract/auth';
import type { LangCode } from '@prova/contract/limits';
import type { StaffPersonRef } from '@prova/contract/staff';
import type { StaffCampaign } from '@prova/contract/staff-campaigns';
import type { Company } from '@prova/contract/staff-companies';
import type { Job } from '@prova/contract/staff-jobs';
import type { StaffLanguage } from '@prova/contract/staff-languages';
import type { Person } from '@prova/contract/staff-people';
import type { StaffSample } from '@prova/contract/staff-samples';
import type { ManagedTest } from '@prova/contract/staff-tests';
import type { ListedCampaignRow } from '../repositories/staff/campaign-progress-repository';
import type { JobRow } from '../repositories/staff/jobs-repository';
import type { ManagedTestRow, TestUse } from '../repositories/staff/managed-tests-repository';
import type { PersonRow } from '../repositories/staff/people-repository';
import type { SampleRow } from '../repositories/staff/samples-repository';
import { localize } from './localize';

// Rows turned into the staff API's answers (packages/contract/src/staff.ts).

export const presentPersonRef = (p: { id: number; first_name: string; last_name: string; email: string }): StaffPersonRef => ({
  id: p.id,
  firstName: p.first_name,
  lastName: p.last_name,
  email: p.email,
});

export function presentCompany(row: {
  id: number;
  name: string;
  logo: string | null;
  sso_slug: string | null;
  erasure_keeps_results: number;
  retention_months: number | null;
  time_zone: string;
  people: number;
  campaigns: number;
}): Company {
  return {
    id: row.id,
    companyId: row.id,
    name: row.name,
    logo: row.logo,
    ssoSlug: row.sso_slug,
    timeZone: row.time_zone,
    counts: { people: row.people, campaigns: row.campaigns },
    erasureKeepsResults: row.erasure_keeps_results === 1,
    retentionMonths: row.retention_months,
  };
}

export const presentLanguage = (row: { lang: string; name: string; campaigns: number }): StaffLanguage => ({
  id: row.lang as LangCode,
  lang: row.lang as LangCode,
  name: row.name,
  campaigns: row.campaigns,
});

/** A test can be changed by the company that owns it, while no company it is shared with uses it. */
export const testEditable = (test: Pick<ManagedTestRow, 'owner_company_id'>, use: TestUse, companyId: number) =>
  !use.usedElsewhere && test.owner_company_id === companyId;

export function presentManagedTest(test: ManagedTestRow, use: TestUse, companyId: number): ManagedTest {
  return {
    id: test.id,
    abbreviation: test.abbreviation,
    name: test.name,
    description: test.description,
    instructions: test.instructions,
    url: test.url,
    img: test.img,
    label: test.label,
    repeatable: test.repeatable === 1,
    legacy: test.legacy === 1,
    jsonData: test.json_data,
    theme: test.theme,
    labels360: test.labels360,
    hasAlgorithm: test.algorithm !== null,
    ownerCompanyId: test.owner_company_id,
    campaignIds: use.campaignIds,
    editable: testEditable(test, use, companyId),
  };
}

export function presentSample(row: SampleRow, lang: string): StaffSample {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    testId: row.test_id,
    testName: localize(row.test_name, lang),
    assessor: { id: row.assessor_id, firstName: row.assessor_first_name, lastName: row.assessor_last_name, email: row.assessor_email },
    assessed: { id: row.assessed_id, firstName: row.assessed_first_name, lastName: row.assessed_last_name, email: row.assessed_email },
    rated: row.rated === 1,
  };
}

export function presentPerson(row: PersonRow, campaignIds: number[]): Person {
  return {
    id: row.id,
    companyId: row.company_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    gender: row.gender === 'M' || row.gender === 'F' ? row.gender : null,
    lang: (row.lang as LangCode | null) ?? null,
    role: row.role as Role,
    hasSSO: row.has_sso === 1,
    hasPassword: row.has_password === 1,
    active: row.deactivated_at === null,
    deactivatedAt: row.deactivated_at,
    createdAt: row.created_at,
    campaignIds,
  };
}

export function presentStaffCampaign(
  row: Omit<ListedCampaignRow, 'model' | 'questions360' | 'scale360' | 'report'>,
  counts: StaffCampaign['counts'],
  lang: string,
): StaffCampaign {
  return {
    id: row.id,
    name: localize(row.name, lang),
    status: (['ACTIVE', 'COMPLETED', 'REPORT'] as const).find((s) => s === row.status) ?? 'ACTIVE',
    theme: row.theme,
    languages: row.languages,
    dateStart: row.date_start,
    dateEnd: row.date_end,
    phase: campaignPhaseOf({ status: row.status, dateStart: row.date_start, dateEnd: row.date_end }),
    is360: row.is360 === 1,
    retentionMonths: row.retention_months,
    ratingsLocked: !acceptsRatings(row),
    assessmentsOpenUntil: row.assessments_open_until,
    counts,
  };
}

export function presentJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind === 'export' ? 'export' : 'import',
    state: row.state as Job['state'],
    phase: row.phase,
    done: row.done,
    total: row.total,
    campaignId: row.campaign_id,
    createdBy: { id: row.created_by, firstName: row.first_name, lastName: row.last_name, email: row.email },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    problems: row.problems,
    plan: row.plan,
    campaigns: row.campaigns,
    summary: row.summary,
    notes: row.notes,
    file: row.file_name && row.file_type ? { name: row.file_name, contentType: row.file_type, size: row.file_size ?? 0 } : null,
    format: row.format === 'csv' || row.format === 'xlsx' ? row.format : null,
    error: row.error,
  };
}
