/**
 * A person has given the privacy consent a campaign asks for: once for every campaign (the user's `privacy`, set by
 * an import), or in this campaign (`privacy_consent_at` of their participation). policies/consent.ts refuses without it.
 */
export function hasConsent(participation: { privacy_consent_at: string | null }, user: { privacy: number }): boolean {
  return user.privacy === 1 || participation.privacy_consent_at != null;
}
