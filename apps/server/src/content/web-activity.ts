import type { ActivityDelivery } from '@prova/contract/content';
import type { FieldIssue } from '@prova/contract/errors';
import type { WebActivityProblem } from '@prova/contract/staff-test-library';
import { TEST_NAME_MAX } from '@prova/contract/staff-tests';
import type { StoredPackage } from '../repositories/content-repository';
import { packageHash } from './bundle-packages';
import { mediaTypeOf } from './media-types';
import type { PackageFiles } from './package-files';

// A web activity a test author zipped for the console (docs/activity-interface.md, "Uploading an activity"): its
// index.html at the zip's root, or in the zip's one top folder, beside its scripts, styles and images. Nothing of it
// is read but that page's <title>: its files are served as they are on the activities origin, which frames the page
// directly, as any activity, and it reaches the platform through the SDK loaded from that origin.

const ENTRY = 'index.html';
/** Where the activities origin serves a package's own delivery.json: a file of that name at the root would be hidden. */
const DELIVERY = 'delivery.json';
/** What macOS's "Compress" adds beside the folder: resource forks, never a page's file. */
const MAC_FORKS = '__MACOSX/';

export type PreparedActivity = { ok: true; stored: StoredPackage; delivery: ActivityDelivery } | { ok: false; problem: FieldIssue };

/** The 422's issue: the console says it by its code, in the staff's language. */
const problem = (code: WebActivityProblem, message: string): PreparedActivity => ({ ok: false, problem: { path: 'body', message, code } });

/** The zip's bytes (its hash names the package) and its files as the zip reader gave them. */
export function prepareWebActivity(bytes: Uint8Array, files: PackageFiles): PreparedActivity {
  const served = new Map([...files].filter(([path]) => !path.startsWith(MAC_FORKS)));
  const entry = entryOf([...served.keys()]);
  if (!entry)
    return problem('NO_INDEX', `${ENTRY}: not in the zip: an activity's page is index.html at the zip's root, or in its one top folder`);
  if (served.has(DELIVERY)) return problem('RESERVED_NAME', `${DELIVERY}: this name at the zip's root is the platform's: rename the file`);
  const title = titleOf(new TextDecoder().decode(served.get(entry)));
  if (!title)
    return problem(
      'NO_TITLE',
      `${entry}: no <title>: an activity's page needs one (the platform takes a page without it for one that failed to load)`,
    );
  const delivery: ActivityDelivery = { kind: 'activity', entry, title: title.slice(0, TEST_NAME_MAX) };
  const stored: StoredPackage = {
    hash: packageHash(bytes),
    kind: 'activity',
    delivery: JSON.stringify(delivery),
    // Scored as any activity: by what its page reports with trackOutcomes.
    scoring: null,
    size: bytes.byteLength,
    files: [...served].map(([path, file]) => ({ path, mediaType: mediaTypeOf(path), bytes: file })),
  };
  return { ok: true, stored, delivery };
}

/** index.html at the root, else in the one folder every file is in (a folder zipped as it is). */
function entryOf(paths: string[]): string | null {
  if (paths.includes(ENTRY)) return ENTRY;
  const tops = new Set(paths.map((path) => (path.includes('/') ? path.split('/')[0] : '')));
  const [top] = tops;
  return tops.size === 1 && top && paths.includes(`${top}/${ENTRY}`) ? `${top}/${ENTRY}` : null;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The page's <title> as the browser shows it: entities decoded, spaces collapsed (empty: none). */
function titleOf(html: string): string {
  const raw = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
  return raw
    .replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, dec?: string, hex?: string, name?: string) => {
      const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : undefined;
      if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      return NAMED[name!.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page's url on the activities origin, each part of its path encoded. */
export const activityPageUrl = (hash: string, entry: string) => `/packages/${hash}/${entry.split('/').map(encodeURIComponent).join('/')}`;
