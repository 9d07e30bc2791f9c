import { DEFAULT_LANG, LANGS, type LangCode } from '@prova/contract/limits';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound, OtherCompanyError } from '../http/http-error';
import { type Auth, requireAuth } from '../plugins/session';
import { contentLang } from '../domain/content-language';
import { isAssessor, isStaff } from '../domain/roles';
import type { Participation } from '../repositories/campaigns-repository';
import type { UserWithCompany } from '../repositories/users-repository';
import { requireCompanyConsent } from './consent';
import { actingCompanyId } from './staff-access';

/** Who reads a report: the person it is about, staff of their company, or an assessor assigned to them. */
export type ReportViewer = 'self' | 'staff' | 'assessor';

export interface ReportSubjectContext extends Auth {
  viewer: ReportViewer;
  /** The campaign as the person in the report takes part in it. */
  participation: Participation;
  subject: UserWithCompany;
}

/**
 * The report of `userId` in `campaignId`: a candidate reaches only their own (after consent), staff
 * anyone of their company's campaign, an assessor only the people assigned to them. Another company's
 * people are not found at all.
 */
export async function requireReportSubject(request: FastifyRequest, campaignId: number, userId: number): Promise<ReportSubjectContext> {
  const auth = await requireAuth(request);
  const { accessCache, repos } = request.server;
  const { campaigns, users, tests } = repos;
  const own = userId === auth.user.id;
  const readParticipation = () => campaigns.findOpenForUser(userId, campaignId);
  // One's own report (report day: everyone at once) takes the participation and the person the candidate's
  // other requests take, from the access cache.
  const [participation, subject] = await Promise.all([
    own ? accessCache.participation(userId, campaignId, readParticipation) : readParticipation(),
    own ? auth.user : users.findById(userId),
  ]);
  const target = `campaigns/${campaignId}/people/${userId}`;
  // Staff read the reports of the company they act for (the operator's current one); one's own is one's own.
  const companyId = own ? auth.user.company_id : actingCompanyId(auth);
  if (participation && participation.company_id !== companyId) throw new OtherCompanyError('Report', target, participation.company_id);
  if (subject && subject.company_id !== companyId) throw new OtherCompanyError('Report', target, subject.company_id);
  if (!participation || !subject) throw notFound('Report');
  if (own) {
    const consented = await requireCompanyConsent(request, participation, subject);
    return { session: auth.session, user: auth.user, viewer: 'self', participation: consented, subject };
  }
  if (isStaff(auth.user.role)) return { session: auth.session, user: auth.user, viewer: 'staff', participation, subject };
  if (isAssessor(auth.user.role) && (await tests.isAssigned(campaignId, auth.user.id, userId))) {
    return { session: auth.session, user: auth.user, viewer: 'assessor', participation, subject };
  }
  throw forbidden('Not your report');
}

/** What a campaign's reader needs of it: which it is, and its report settings. */
type ReportCampaign = Pick<Participation, 'id' | 'company_id' | 'report'>;

/** The campaign's report documents: its participants (candidates and assessors) and the company's staff. */
export async function requireCampaignReader(
  request: FastifyRequest,
  campaignId: number,
): Promise<Auth & { viewer: ReportViewer; campaign: ReportCampaign; lang: LangCode }> {
  const auth = await requireAuth(request);
  const { campaigns, reports } = request.server.repos;
  const viewer: ReportViewer = isStaff(auth.user.role) ? 'staff' : isAssessor(auth.user.role) ? 'assessor' : 'self';
  const participation = await campaigns.findOpenForUser(auth.user.id, campaignId);
  if (participation && participation.company_id === auth.user.company_id) {
    const consented = await requireCompanyConsent(request, participation, auth.user);
    return { session: auth.session, user: auth.user, viewer, campaign: consented, lang: contentLang(consented, auth.user) };
  }
  const campaign = viewer === 'staff' ? await reports.findCampaign(campaignId) : undefined;
  const lang = LANGS.find((code) => code === auth.user.lang) ?? DEFAULT_LANG;
  if (campaign && campaign.company_id === actingCompanyId(auth)) return { session: auth.session, user: auth.user, viewer, campaign, lang };
  if (campaign) throw new OtherCompanyError('Campaign', `campaigns/${campaignId}`, campaign.company_id);
  throw notFound('Campaign');
}
