/**
 * 6 s after load, the activity counts as failed when its page title is empty
 * or '403 Forbidden'. A page on another origin cannot be read: it failed when the SDK handshake and
 * init have not happened by then.
 */
export function activityFailedToLoad(iframe: HTMLIFrameElement, initialized: boolean): boolean {
  let title: string | undefined;
  try {
    title = iframe.contentDocument?.title;
  } catch {
    title = undefined;
  }
  if (title === undefined) return !initialized;
  const trimmed = title.trim();
  return trimmed === '' || trimmed === '403 Forbidden';
}
