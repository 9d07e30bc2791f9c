import { paths } from '@/config/paths';

/** Routes of the 360 area: closing a test there goes back to the 360 dashboard. */
function is360Path(pathname: string): boolean {
  return pathname === paths.app.skillup360.path || pathname.startsWith(`${paths.app.skillup360.path}/`);
}

/** Where closing a test returns (header: the 360 area on a 360 route, else home). */
export function roomHrefFor(pathname: string): string {
  return is360Path(pathname) ? paths.app.skillup360.getHref() : paths.home.getHref();
}

/** Pages a sign-out goes to: leaving a test for them never asks for confirmation. */
export function isSignOutPath(pathname: string): boolean {
  return pathname === paths.auth.login.path || pathname === paths.sso.logout.path;
}
