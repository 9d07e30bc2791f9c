/** The browser's IANA time zone (e.g. Europe/Rome), sent with sign-in and new password; undefined if unknown. */
export function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
