import type { FastifyInstance } from 'fastify';
import { maskEmail } from '../../../../http/log-redaction';
import type { OidcSignIn } from '../../../../services/sso/oidc-sign-in';
import { SsoError } from '../../../../services/sso/sso-error';
import { isStaff } from '../../../../domain/roles';
import type { SsoSettings } from '../../../../repositories/json-column-readers';
import type { UserWithCompany } from '../../../../repositories/users-repository';

export interface SsoCompany {
  id: number;
  settings: SsoSettings;
}

/** The company behind a slug, with SSO settings that still make sense; NO_SSO otherwise. */
export async function findSsoCompany(app: FastifyInstance, slug: string): Promise<SsoCompany> {
  const company = await app.repos.users.findSsoCompany(slug);
  if (!company) throw new SsoError('NO_SSO', `No company with SSO slug "${slug}"`);
  if (!company.settings) throw new SsoError('NO_SSO', `The SSO settings of company ${company.id} do not read`);
  return { id: company.id, settings: company.settings };
}

/**
 * Completes the provider's callback: the person the provider vouches for must be a user of this
 * company with an open campaign (the login rules).
 */
export async function signInWithSso(
  app: FastifyInstance,
  oidc: OidcSignIn,
  company: SsoCompany,
  callbackUrl: URL,
  pending: { state: string; nonce: string; codeVerifier: string },
): Promise<UserWithCompany> {
  const { email } = await oidc.finish(company.settings, callbackUrl, pending);
  const user = await app.repos.users.findByEmailInCompany(email, company.id);
  // A person staff deactivated is nobody to sign in.
  // The message goes to the log: the address masked, as everywhere in it.
  if (!user || user.deactivated_at) throw new SsoError('USER_NOT_FOUND', `No user ${maskEmail(email)} in company ${company.id}`);
  const open = await app.repos.campaigns.listOpenForUser(user.id);
  // Staff come in to the console even without a campaign of their own.
  if (open.length === 0 && !isStaff(user.role)) throw new SsoError('NO_ACTIVE_CAMPAIGN', `User ${user.id} has no open campaign`);
  return user;
}
