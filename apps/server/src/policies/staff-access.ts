import type { FastifyRequest } from 'fastify';
import { OPERATOR_ROLE } from '@prova/contract/auth';
import { forbidden, notFoundUnlessOthers, OtherCompanyError } from '../http/http-error';
import { type Auth, requireAuth } from '../plugins/session';
import { isStaff } from '../domain/roles';

// Staff (admin and superassessor alike) manage their own company, and only it. Somebody else signed
// in is refused with 403; another company's ids are not found (404), so nobody learns what another
// company has (and the refusal is audited: http-error.ts, OtherCompanyError).

export interface StaffContext extends Auth {
  companyId: number;
}

/** The caller is staff: their company is the one they manage. */
export async function requireStaff(request: FastifyRequest): Promise<StaffContext> {
  const auth = await requireAuth(request);
  if (!isStaff(auth.user.role) || auth.user.deactivated_at) throw forbidden('Staff only');
  return { session: auth.session, user: auth.user, companyId: auth.user.company_id };
}

/** The platform's operator (role `operator`): what every company shares, such as the languages. Other staff get 403. */
export async function requireOperator(request: FastifyRequest): Promise<StaffContext> {
  const context = await requireStaff(request);
  if (context.user.role !== OPERATOR_ROLE) throw forbidden('Only the platform operator changes what every company shares');
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
