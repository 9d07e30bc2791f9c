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
}

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
