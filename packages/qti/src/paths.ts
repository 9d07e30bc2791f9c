// Hrefs in a package are URI references relative to the file that holds them (and to any xml:base in force).
// They resolve to a path inside the package, or fail: absolute URLs, absolute paths and `..` above the
// package's root name nothing the platform may read.

export type Resolved = { ok: true; path: string } | { ok: false; reason: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export const isExternal = (href: string) => SCHEME.test(href) || href.startsWith('//');

/** Resolves `href` as written in `fromFile` (a package path), through the xml:base values in force, outermost first. */
export function resolveHref(fromFile: string, href: string, bases: readonly string[] = []): Resolved {
  let dir = dirname(fromFile);
  for (const base of bases) {
    const resolved = join(dir, base, href);
    if (!resolved.ok) return resolved;
    // A base that names a file stands for its folder.
    dir = base.endsWith('/') ? resolved.path : dirname(resolved.path);
  }
  const resolved = join(dir, href, href);
  if (resolved.ok && (resolved.path === '' || href.split(/[?#]/)[0]?.endsWith('/'))) {
    return { ok: false, reason: `"${href}" names a folder, not a file` };
  }
  return resolved;
}

function join(dir: string, reference: string, href: string): Resolved {
  const plain = reference.split(/[?#]/)[0] as string;
  if (isExternal(plain)) return { ok: false, reason: `"${href}" is outside the package (only files inside it are read)` };
  if (plain.startsWith('/')) return { ok: false, reason: `"${href}" is an absolute path (paths are relative)` };
  let decoded: string;
  try {
    decoded = decodeURIComponent(plain);
  } catch {
    return { ok: false, reason: `"${href}" is not a valid reference` };
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return { ok: false, reason: `"${href}" is not a valid reference` };
  const segments = dir ? dir.split('/') : [];
  for (const part of decoded.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) return { ok: false, reason: `"${href}" goes above the package's root` };
      segments.pop();
    } else segments.push(part);
  }
  return { ok: true, path: segments.join('/') };
}

export function dirname(path: string) {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
