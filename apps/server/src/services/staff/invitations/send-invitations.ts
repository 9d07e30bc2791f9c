import type { FastifyInstance } from 'fastify';
import { genderOf } from '@prova/contract/gendered-text';
import { INVITATION_TTL_MS } from '@prova/contract/staff';
import { type InvitationResponse } from '@prova/contract/staff-participants';
import type { StaffCampaignRow } from '../../../repositories/staff/campaign-progress-repository';
import { localize } from '../../../presenters/localize';
import { newPasswordLink } from '../../mail/password-reset-mail';
import { hashResetToken, newResetToken } from '../../set-password-links';
import { type Entry, invitationMail } from './invitation-mail';

/**
 * Invites participants of a campaign: everyone not invited yet, or the people named. Who was invited
 * when is recorded at once; the mails go out one after the other in the background (a big campaign
 * neither holds the answer nor floods the mail server), each failure logged. Someone without a
 * password (and not on single sign-on) gets a set-password link, the reset machinery's, valid longer.
 */
export async function inviteParticipants(
  app: FastifyInstance,
  opts: { companyId: number; campaign: StaffCampaignRow; invitedBy: number; userIds?: number[]; publicUrl: string },
  now = new Date(),
): Promise<Omit<InvitationResponse, 'status'>> {
  const { staff, users } = app.repos;
  const { campaign } = opts;
  const wanted = opts.userIds ? [...new Set(opts.userIds)] : await staff.invitations.notInvited(campaign.id, opts.companyId);
  const members = new Set(await staff.campaigns.participantIds(campaign.id, opts.companyId, wanted));
  const recipients = new Map((await staff.invitations.recipients(campaign.id, [...members])).map((r) => [r.id, r]));
  const skipped: InvitationResponse['skipped'] = [];
  const invite: typeof recipients extends Map<number, infer R> ? R[] : never = [];
  for (const userId of wanted) {
    const person = recipients.get(userId);
    if (!person) skipped.push({ userId, reason: 'not-participant' });
    else if (person.deactivated_at) skipped.push({ userId, reason: 'inactive' });
    else invite.push(person);
  }
  await staff.invitations.record(
    campaign.id,
    invite.map((p) => p.id),
    opts.invitedBy,
    now,
  );
  if (invite.length > 0)
    app.events.invited(
      campaign.id,
      invite.map((p) => p.id),
    );

  const needsPassword = (p: (typeof invite)[number]) => p.password_hash === null && !(p.has_sso === 1 && p.sso_slug);
  const sending = (async () => {
    for (const person of invite) {
      try {
        let entry: Entry;
        if (needsPassword(person)) {
          const token = newResetToken();
          const issued = new Date();
          await users.replacePasswordReset(person.id, hashResetToken(token), issued, new Date(issued.getTime() + INVITATION_TTL_MS));
          entry = {
            kind: 'set-password',
            link: newPasswordLink(opts.publicUrl, token, person.email),
            days: INVITATION_TTL_MS / 86_400_000,
          };
        } else if (person.has_sso === 1 && person.sso_slug) {
          entry = { kind: 'sso', link: `${opts.publicUrl}/sso/${encodeURIComponent(person.sso_slug)}` };
        } else {
          entry = { kind: 'sign-in', link: `${opts.publicUrl}/login` };
        }
        const lang = person.participant_lang ?? person.lang;
        // The campaign's name speaks to them as everything else in the mail does.
        const gender = genderOf(person.gender);
        await app.mail.send(
          invitationMail({
            to: person.email,
            firstName: person.first_name,
            gender,
            lang,
            campaign: localize(campaign.name, lang ?? 'IT_it', gender),
            dateStart: campaign.date_start,
            dateEnd: campaign.date_end,
            entry,
          }),
        );
      } catch (err) {
        app.log.error({ err, userId: person.id, campaignId: campaign.id }, 'invitation not sent');
      }
    }
    return null;
  })();
  app.mail.sendLater(sending);

  const invitedAt = now.toISOString();
  return { invited: invite.map((p) => ({ userId: p.id, invitedAt, setPasswordLink: needsPassword(p) })), skipped };
}
