import { type Gender, genderOf } from '@prova/contract/gendered-text';
import type { MyDataResponse, PersonalData, ReportView } from '@prova/contract/personal-data';
import { isStaff } from '../../domain/roles';
import { notFound } from '../../http/http-error';
import type { Auth } from '../../plugins/session';
import { localize } from '../../presenters/localize';
import type { Repositories } from '../../repositories/create-repositories';
import type { UserWithCompany } from '../../repositories/users-repository';
import { buildPersonalReport } from '../reports/personal-report';
import { reportAvailable } from '../reports/report-page';
import { reportPdf } from '../reports/report-pdf';

type PersonalDataRepos = Pick<Repositories, 'personalData' | 'users' | 'campaigns' | 'reports' | 'audit'>;

/** The audit trail's events that are the person's own signing in and their password (plugins/audit.ts). */
const SIGN_IN_EVENTS = [
  'sign-in',
  'sso-sign-in',
  'sign-in-failed',
  'sign-in-throttled',
  'password-must-be-set',
  'password-reset-requested',
  'password-changed',
];
/** More than a person signs in in years; the trail's own retention bounds it. */
const SIGN_IN_EVENTS_MAX = 10_000;

/** What an export is: data.json's content and the PDFs beside it, by their path in the zip. */
export interface PersonalDataFiles {
  data: PersonalData;
  pdfs: { path: string; body: Buffer }[];
}

const langOf = (user: { lang: string | null }) => user.lang ?? 'IT_it';

/**
 * Who saw the person's report, for the account page and the export. These, like the rest of what the person is
 * given of their own data, speak to them: the campaigns' and tests' gendered words follow their `gender`.
 */
export async function reportViewsOf(
  repos: Pick<Repositories, 'personalData'>,
  userId: number,
  lang: string,
  gender: Gender,
): Promise<ReportView[]> {
  const rows = await repos.personalData.reportViewsOf(userId);
  return rows.map((row) => ({
    kind: row.kind === 'downloaded' ? 'downloaded' : 'opened',
    at: row.at,
    campaign: { id: row.campaign_id, name: localize(row.campaign_name, lang, gender) },
    viewer: { firstName: row.viewer_first_name, lastName: row.viewer_last_name, role: isStaff(row.viewer_role) ? 'staff' : 'assessor' },
  }));
}

/** The account page's summary: who saw the report, which privacy texts were accepted. */
export async function myDataSummary(
  repos: Pick<Repositories, 'personalData'>,
  user: UserWithCompany,
): Promise<Omit<MyDataResponse, 'status'>> {
  const lang = langOf(user);
  const gender = genderOf(user.gender);
  const [reportViews, consents] = await Promise.all([reportViewsOf(repos, user.id, lang, gender), repos.personalData.consentsOf(user.id)]);
  return {
    reportViews,
    consents: consents.map((c) => ({
      campaign: c.campaign_id == null ? null : { id: c.campaign_id, name: localize(c.campaign_name, lang, gender) },
      version: c.version,
      hash: c.hash,
      acceptedAt: c.accepted_at,
    })),
    consentDeclaredByCompany: user.privacy === 1,
  };
}

/**
 * Everything the platform holds about `userId` (issue 52, GDPR arts. 15 and 20), read from their own rows only: what
 * others said of them reaches the file as their report gives it (360 answers grouped by relation, over the
 * campaign's confidentiality threshold), and the colleagues they rated in a 360 are not named. `auth` is who asks:
 * the person, or staff of their company (the route checks which).
 */
export async function personalDataOf(repos: PersonalDataRepos, auth: Auth, userId: number): Promise<PersonalDataFiles> {
  const { personalData } = repos;
  const [profile, subject] = await Promise.all([personalData.profileOf(userId), repos.users.findById(userId)]);
  if (!profile || !subject) throw notFound('Person');
  const lang = langOf(profile);
  const gender = genderOf(profile.gender);
  const [participations, consents, progress, outcomes, answersGiven, reportViews, sessions, logs, invitations, signInEvents] =
    await Promise.all([
      personalData.participationsOf(userId),
      personalData.consentsOf(userId),
      personalData.progressOf(userId),
      personalData.outcomesOf(userId),
      personalData.answersGivenOf(userId),
      reportViewsOf(repos, userId, lang, gender),
      personalData.sessionsOf(userId),
      personalData.logsOf(userId),
      personalData.invitationsOf(userId),
      repos.audit.list({ actorId: userId, events: SIGN_IN_EVENTS }, { limit: SIGN_IN_EVENTS_MAX, offset: 0 }),
    ]);

  const invitationOf = new Map(invitations.map((i) => [i.campaign_id, i]));
  const campaignIds = new Set(participations.map((p) => p.id));
  const pdfs: PersonalDataFiles['pdfs'] = [];
  const reports: PersonalData['reports'] = [];
  for (const p of participations) {
    // The report as the person's own report page gives it: the same rules of when and what.
    const participation = await repos.campaigns.findOpenForUser(userId, p.id);
    if (!participation) {
      reports.push({ campaignId: p.id, available: false, values: null, pdf: null });
      continue;
    }
    const view = await buildPersonalReport(repos, { ...auth, viewer: 'self', participation, subject });
    if (!reportAvailable(view)) {
      reports.push({ campaignId: p.id, available: false, values: null, pdf: null });
      continue;
    }
    const path = `reports/report-${p.id}.pdf`;
    pdfs.push({ path, body: (await reportPdf(view)).body });
    const { rep, results360, norms, campaign } = view;
    reports.push({ campaignId: p.id, available: true, values: { campaign, rep, results360, norms }, pdf: path });
  }

  // Colleagues rated, numbered per campaign in the order of their ids: the file says "a colleague", never who.
  const colleagueNumbers = new Map<string, number>();
  const ratedOf = (campaignId: number, evalueeId: number) => {
    if (evalueeId === userId) return 'self';
    const key = `${campaignId}:${evalueeId}`;
    let n = colleagueNumbers.get(key);
    if (n === undefined) {
      n = [...colleagueNumbers.keys()].filter((k) => k.startsWith(`${campaignId}:`)).length + 1;
      colleagueNumbers.set(key, n);
    }
    return `colleague-${n}`;
  };

  const replacedOf = (campaignId: number, testId: number) =>
    progress.replaced
      .filter((h) => h.campaign_id === campaignId && h.test_id === testId)
      .map((h) => ({
        status: h.status,
        version: h.version,
        data: h.data,
        updatedAt: h.updated_at,
        archivedAt: h.archived_at,
        reason: h.reason,
      }));

  const data: PersonalData = {
    format: 'prova-personal-data',
    formatVersion: 1,
    exportedAt: new Date().toISOString(),
    person: {
      id: profile.id,
      email: profile.email,
      firstName: profile.first_name,
      lastName: profile.last_name,
      gender: profile.gender,
      lang: profile.lang,
      role: profile.role,
      signsInWithSso: profile.has_sso === 1,
      consentDeclaredByCompany: profile.privacy === 1,
      createdAt: profile.created_at,
      deactivatedAt: profile.deactivated_at,
    },
    company: { id: profile.company_id, name: profile.company_name },
    campaigns: participations.map((p) => {
      const invitation = invitationOf.get(p.id);
      return {
        id: p.id,
        name: localize(p.name, lang, gender),
        dateStart: p.date_start,
        dateEnd: p.date_end,
        status: p.status,
        is360: p.is360 === 1,
        lang: p.lang,
        lastAccess: p.last_access,
        extraTimePercent: p.extra_time_percent,
        privacyConsentAt: p.privacy_consent_at,
        storage: p.storage,
        invitations: invitation ? { lastInvitedAt: invitation.invited_at, times: invitation.times } : null,
      };
    }),
    consents: consents.map((c) => ({
      campaignId: c.campaign_id,
      campaignName: c.campaign_id == null ? null : localize(c.campaign_name, lang, gender),
      version: c.version,
      hash: c.hash,
      acceptedAt: c.accepted_at,
      text: localize(c.text, lang, gender),
    })),
    tests: progress.current.map((t) => ({
      campaignId: t.campaign_id,
      testId: t.test_id,
      testName: localize(t.test_name, lang, gender),
      status: t.status,
      version: t.version,
      data: t.data,
      startedAt: t.started_at,
      endsAt: t.ends_at,
      updatedAt: t.updated_at,
      lang: t.lang,
      replacedAttempts: replacedOf(t.campaign_id, t.test_id),
    })),
    outcomes: [
      ...outcomes.current.map((o) => ({ ...outcomeOf(o), archivedAt: null })),
      ...outcomes.replaced.map((o) => ({ ...outcomeOf(o), archivedAt: o.archived_at })),
    ],
    itemRatings: outcomes.itemRatings.map((r) => ({
      campaignId: r.campaign_id,
      testId: r.test_id,
      itemId: r.item_id,
      points: r.points,
      ratedAt: r.rated_at,
    })),
    answers360Given: answersGiven
      // Only what the person gave in their own company's campaigns.
      .filter((a) => campaignIds.has(a.campaign_id))
      .map((a) => ({
        campaignId: a.campaign_id,
        rated: ratedOf(a.campaign_id, a.evaluee_id),
        // The relation names the colleague's role, and the file keeps who they are (their gender too) out: neutral.
        relation: a.evaluee_id === userId ? null : a.relation_label === null ? null : localize(a.relation_label, lang),
        questionId: a.question_id,
        answerId: a.answer_id,
        value: a.value,
        textValue: a.text_value,
        // 'Non osservato': an answer with no value, said as such rather than left empty.
        notObserved: a.not_observed === 1,
        updatedAt: a.updated_at,
      })),
    reports,
    reportViews,
    signIns: {
      sessions: sessions.map((s) => ({
        campaignId: s.campaign_id,
        viaSso: s.via_sso === 1,
        startedAt: s.created_at,
        expiresAt: s.expires_at,
      })),
      // Oldest first, as the rest of the file; only when, what and from where (the trail's other columns are about staff work).
      events: signInEvents.reverse().map((e) => ({ at: e.at, event: e.event, ip: e.ip })),
    },
    logs: logs.map((l) => ({ campaignId: l.campaign_id, testId: l.test_id, data: l.data, createdAt: l.created_at })),
  };
  return { data, pdfs };
}

function outcomeOf(o: { campaign_id: number; test_id: number; source: string; outcomes: unknown; created_at: string }) {
  return { campaignId: o.campaign_id, testId: o.test_id, source: o.source, values: o.outcomes, createdAt: o.created_at };
}
