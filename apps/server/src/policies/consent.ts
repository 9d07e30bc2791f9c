import type { FastifyRequest } from 'fastify';
import { hasConsent } from '../domain/consent';
import type { Participation } from '../repositories/campaigns-repository';
import { withCompanyConsent } from '../services/company-consent';
import { HttpError } from '../http/http-error';

/** Everything a participant does in a campaign waits for its privacy consent (domain/consent.ts): 422 NO_PRIVACY_CONSENT. */
export function requireConsent(participation: Parameters<typeof hasConsent>[0], user: { privacy: number }): void {
  if (!hasConsent(participation, user)) throw new HttpError(422, 'NO_PRIVACY_CONSENT', 'Privacy consent required');
}

/**
 * As requireConsent, also taking the consent the person gave to the same text in another campaign of their company
 * (services/company-consent.ts): written onto the participation by a request that changes something, only read by a
 * GET. Answers the participation as consented.
 */
export async function requireCompanyConsent(
  request: FastifyRequest,
  participation: Participation,
  user: { id: number; privacy: number },
): Promise<Participation> {
  if (hasConsent(participation, user)) return participation;
  const keep = request.method !== 'GET' && request.method !== 'HEAD';
  const carried = await withCompanyConsent(request.server.repos.campaigns, participation, user, { keep });
  requireConsent(carried, user);
  return carried;
}
