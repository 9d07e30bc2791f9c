import type { FastifyInstance } from 'fastify';
import { PASSWORD_RESET_TTL_MS } from '@prova/contract/password';
import { newPasswordLink, passwordResetMail } from '../../../../services/mail/password-reset-mail';
import { hashResetToken, newResetToken } from './password-reset-links';

/**
 * Reset links are issued in the background: the caller gets the same answer for every address
 * before it is even looked up, so neither the body nor the timing tells whether an account exists.
 * Links are written one at a time, so of two quick requests the later link is the one that works.
 */
export function createResetLinkSender(app: FastifyInstance, publicUrl: string) {
  let writes: Promise<unknown> = Promise.resolve();

  return function sendPasswordReset(email: string): void {
    const mail = writes.then(async () => {
      const user = await app.repos.users.findByEmail(email);
      if (!user) return null;
      const token = newResetToken();
      const now = new Date();
      await app.repos.users.replacePasswordReset(user.id, hashResetToken(token), now, new Date(now.getTime() + PASSWORD_RESET_TTL_MS));
      const link = newPasswordLink(publicUrl, token, user.email);
      return passwordResetMail({ to: user.email, firstName: user.first_name, lang: user.lang, link });
    });
    writes = mail.catch(() => undefined);
    app.mail.sendLater(mail);
  };
}
