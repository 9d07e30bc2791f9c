import type { FastifyRequest } from 'fastify';
import { forbidden, notFoundUnlessOthers, OtherCompanyError } from '../http/http-error';
import { type Auth, requireAuth } from '../plugins/session';
import { companyActedFor, isCompanyAdmin, isOperator, isStaff } from '../domain/roles';

// Staff (admin and superassessor alike) manage their own company, and only it. Somebody else signed
// in is refused with 403; another company's ids are not found (404), so nobody learns what another
// company has (and the refusal is audited: http-error.ts, OtherCompanyError). The platform's operator
// works the same way on their current company (the session's, PUT /api/staff/current-company): every
// staff call takes its company from here, so none of them reads a company id from the request.

export interface StaffContext extends Auth {
  /** The company the call works on: the caller's own, or the operator's current one. */
  companyId: number;
}

/** The company a signed-in caller acts for as staff (domain/roles.ts, companyActedFor). */
export const actingCompanyId = (auth: Auth) => companyActedFor(auth.user, auth.session.currentCompanyId);

/** The caller is staff: the company they act for is the one the call works on. */
export async function requireStaff(request: FastifyRequest): Promise<StaffContext> {
  const auth = await requireAuth(request);
  if (!isStaff(auth.user.role) || auth.user.deactivated_at) throw forbidden('Staff only');
  return { session: auth.session, user: auth.user, companyId: actingCompanyId(auth) };
}

/** The platform's operator (role `operator`): every company, and what they all share, such as the languages. Other staff get 403. */
export async function requireOperator(request: FastifyRequest): Promise<StaffContext> {
  const context = await requireStaff(request);
  if (!isOperator(context.user.role)) throw forbidden('Only the platform operator manages companies and what every company shares');
  return context;
}

/** `?companyId=` names the company a list is of: the caller's own, or nothing (404 for any other). */
export function requireOwnCompany(context: StaffContext, companyId: number | undefined): number {
  if (companyId !== undefined && companyId !== context.companyId)
    throw new OtherCompanyError('Company', `companies/${companyId}`, companyId);
  return context.companyId;
}

/** A campaign of the caller's company, or 404. */
export async function requireStaffCampaign(request: FastifyRequest, campaignId: number) {
  const context = await requireStaff(request);
  const campaign = await request.server.repos.staff.campaigns.find(context.companyId, campaignId);
  if (!campaign) {
    // Only on the way to a refusal: whether another company has it, for the audit.
    const elsewhere = await request.server.repos.reports.findCampaign(campaignId);
    throw notFoundUnlessOthers('Campaign', `campaigns/${campaignId}`, elsewhere?.company_id);
  }
  const { session, user, companyId } = context;
  return { session, user, companyId, campaign };
}

/**
 * A company a staff member manages as such (GET, PUT, DELETE /companies/{id}): the operator any of them, other staff
 * their own (404 for any other, audited).
 */
export async function requireManagedCompany(request: FastifyRequest, companyId: number): Promise<StaffContext> {
  const { session, user } = await requireStaff(request);
  if (isOperator(user.role)) return { session, user, companyId };
  return { session, user, companyId: requireOwnCompany({ session, user, companyId: user.company_id }, companyId) };
}

/**
 * A campaign of the caller's company, for its admin (or the operator on it): what overrides a campaign's own rules,
 * such as reopening its locked assessments. A superassessor, staff who also assess, is refused with 403.
 */
export async function requireCampaignAdmin(request: FastifyRequest, campaignId: number) {
  const context = await requireStaffCampaign(request, campaignId);
  if (!isCompanyAdmin(context.user.role)) throw forbidden("Only the company's admin may do this");
  return context;
}
