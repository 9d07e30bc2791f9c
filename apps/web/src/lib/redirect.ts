import type { Location } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Where the user was going before being sent to log in (router location state `from`).
 * The state travels login -> select-campaign -> privacy, and the last step goes there.
 */
export interface RedirectState {
  from?: string;
  /** Prefills the login form (e.g. after a password reset). */
  username?: string;
  /** Why the person is back at the login page: shown there until they sign in. */
  notice?: LoginNotice;
}

/** The states that end at the login page with a panel saying what happened and what to do next. */
export const LOGIN_NOTICES = ['noActiveCampaign', 'sessionExpired', 'linkExpired'] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];

/** Pages that are steps of the sign-in flow itself: never a destination after it. */
const FLOW_PATHS: string[] = [paths.auth.login.path, paths.privacy.path, paths.selectCampaign.path];

export function locationToFrom(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Reads `from` from router state, keeping only same-site paths outside the sign-in flow. */
export function readFrom(state: unknown): string | undefined {
  const from = (state as RedirectState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  const pathname = from.split(/[?#]/)[0];
  return FLOW_PATHS.includes(pathname) ? undefined : from;
}

export function readUsername(state: unknown): string | undefined {
  const username = (state as RedirectState | null)?.username;
  return typeof username === 'string' ? username : undefined;
}

export function readNotice(state: unknown): LoginNotice | undefined {
  const notice = (state as RedirectState | null)?.notice;
  return LOGIN_NOTICES.find((known) => known === notice);
}
