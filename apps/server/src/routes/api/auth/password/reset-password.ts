import type { FastifyInstance } from 'fastify';
import type { ResetPasswordRequest } from '@prova/contract/password';
import { HttpError } from '../../../../http/http-error';
import { hashPassword } from '../../../../services/passwords';
import { newPasswordFailures } from '../../../../services/password-policy/check-password-policy';
import { findResetLink } from './password-reset-links';

/**
 * Sets a new password through a reset link: the link must be live, the password must pass every
 * rule; then, together, the link is used up, the hash replaced and all the user's sessions ended.
 */
export async function resetPassword(app: FastifyInstance, body: ResetPasswordRequest): Promise<{ username: string }> {
  const link = await findResetLink(app.repos.users, body.email, body.token);
  if (!link.valid) throw new HttpError(422, link.code, 'Invalid or expired link');

  const { user } = link;
  const failures = newPasswordFailures(body.password, body.password_confirmation, [
    user.email,
    user.email.split('@')[0],
    user.first_name,
    user.last_name,
  ]);
  if (failures.length) {
    throw new HttpError(
      422,
      'VALIDATION',
      'Password validation error',
      failures.map((message) => ({ path: 'password', message })),
    );
  }

  const hash = await hashPassword(body.password);
  await app.withTransaction(async ({ users, sessions }) => {
    if (!(await users.usePasswordReset(link.tokenHash, new Date()))) {
      throw new HttpError(422, 'INVALID_TOKEN', 'Invalid or expired link');
    }
    await users.setPasswordHash(user.id, hash);
    await sessions.deleteForUser(user.id);
  });
  return { username: user.email };
}
