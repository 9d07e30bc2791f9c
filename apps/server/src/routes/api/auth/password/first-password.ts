import type { FastifyInstance } from 'fastify';
import type { PasswordMustBeSetResponse } from '@prova/contract/auth';
import { PASSWORD_RESET_TTL_MS } from '@prova/contract/password';
import type { UserWithCompany } from '../../../../repositories/users-repository';
import { newPasswordLink, passwordResetMail } from '../../../../services/mail/password-reset-mail';
import { hashResetToken, newSplitToken } from '../../../../services/set-password-links';
import { takeSharedLimits } from '../../../../services/shared-limits';

const HOUR = 60 * 60_000;
/** The reset route's own per-address limit, shared: together they mail an address at most this often an hour. */
const MAILS_PER_ADDRESS_HOURLY = 10;

/**
 * Someone without a password (imported without one) signs in: they get the spec's "password must be
 * set" answer, and a mail with the link to set it. The answer's token is only the public half of the
 * link's token: the other half travels in the mail alone, so the answer sets nothing for whoever typed
 * the address. The mail shares the reset mails' per-address limit; past it, no mail and no new link.
 */
export async function passwordMustBeSet(
  app: FastifyInstance,
  user: UserWithCompany,
  publicUrl: string,
): Promise<PasswordMustBeSetResponse> {
  const { publicPart, token } = newSplitToken();
  const wait = await takeSharedLimits(app.repos, [
    { key: `reset-mail:address:${user.email}`, max: MAILS_PER_ADDRESS_HOURLY, windowMs: HOUR },
  ]);
  if (wait === 0) {
    const now = new Date();
    await app.repos.users.replacePasswordReset(user.id, hashResetToken(token), now, new Date(now.getTime() + PASSWORD_RESET_TTL_MS));
    app.mail.sendLater(
      passwordResetMail({
        to: user.email,
        firstName: user.first_name,
        lang: user.lang,
        link: newPasswordLink(publicUrl, token, user.email),
        kind: 'first',
      }),
    );
  }
  return { status: true, passwordMustBeSet: true, token: publicPart, email: user.email };
}
