import { hasConsent } from '../domain/consent';
import { HttpError } from '../http/http-error';

/** Everything a participant does in a campaign waits for its privacy consent (domain/consent.ts): 422 NO_PRIVACY_CONSENT. */
export function requireConsent(participation: Parameters<typeof hasConsent>[0], user: { privacy: number }): void {
  if (!hasConsent(participation, user)) throw new HttpError(422, 'NO_PRIVACY_CONSENT', 'Privacy consent required');
}
