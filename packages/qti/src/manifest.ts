import { resolveHref } from './paths';
import { childElements, decodeText, localName, parseXml, xmlBases } from './xml';

// The package's `imsmanifest.xml` (IMS content package, any of its namespaces): which resource is the test and
// which are its items. The test's own item references decide what is delivered; the manifest says where the
// test is, and every file it names must be in the package.

export const MANIFEST = 'imsmanifest.xml';

export type QtiVersion = '2.1' | '2.2' | '3.0';

const RESOURCE_TYPE = /^imsqti_(test|item)_xmlv(2p1|2p2|3p0)$/;
const VERSIONS: Record<string, QtiVersion> = { '2p1': '2.1', '2p2': '2.2', '3p0': '3.0' };

export interface ManifestResource {
  identifier: string;
  kind: 'test' | 'item';
  version: QtiVersion;
  path: string;
}

export type ReadManifest =
  { ok: true; test: ManifestResource; items: ManifestResource[]; problems: string[] } | { ok: false; problems: string[] };

export function readManifest(files: ReadonlyMap<string, Uint8Array>): ReadManifest {
  const bytes = files.get(MANIFEST);
  if (!bytes)
    return { ok: false, problems: [`${MANIFEST}: no ${MANIFEST} at the package's root (a QTI package is an IMS content package)`] };
  const text = decodeText(MANIFEST, bytes);
  if (!text.ok) return { ok: false, problems: [text.problem] };
  const parsed = parseXml(MANIFEST, text.text);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
  const root = parsed.doc.documentElement as NonNullable<typeof parsed.doc.documentElement>;
  if (localName(root) !== 'manifest')
    return { ok: false, problems: [`${MANIFEST}: ${localName(root)}: the root element is not an IMS content package manifest`] };

  const problems: string[] = [];
  const tests: ManifestResource[] = [];
  const items: ManifestResource[] = [];
  for (const resources of childElements(root, 'resources')) {
    for (const resource of childElements(resources, 'resource')) {
      const identifier = resource.getAttribute('identifier') ?? '';
      const where = `${MANIFEST}: resource "${identifier}"`;
      const filesNamed = [resource, ...childElements(resource, 'file')]
        .map((el) => ({ el, href: el.getAttribute('href') }))
        .filter((named): named is { el: typeof resource; href: string } => !!named.href);
      const found = new Set<string>();
      for (const { el, href } of filesNamed) {
        const resolved = resolveHref(MANIFEST, href, xmlBases(el));
        if (!resolved.ok) found.add(`${where}: ${resolved.reason}`);
        else if (!files.has(resolved.path)) found.add(`${where}: no file "${resolved.path}" in the package`);
      }
      problems.push(...found);
      const type = RESOURCE_TYPE.exec(resource.getAttribute('type') ?? '');
      if (!type) continue;
      const href = resource.getAttribute('href');
      if (!href) {
        problems.push(`${where}: a QTI resource needs an href (its test or item file)`);
        continue;
      }
      const resolved = resolveHref(MANIFEST, href, xmlBases(resource));
      if (!resolved.ok) continue;
      const entry = {
        identifier,
        kind: type[1] as 'test' | 'item',
        version: VERSIONS[type[2] as string] as QtiVersion,
        path: resolved.path,
      };
      (entry.kind === 'test' ? tests : items).push(entry);
    }
  }
  if (tests.length === 0) {
    const what = items.length ? `${items.length} items but no test` : 'no QTI test';
    problems.push(
      `${MANIFEST}: resources: the package has ${what} (a resource of type imsqti_test_xmlv3p0, or imsqti_test_xmlv2p1/2p2): export the assessment test with its items`,
    );
    return { ok: false, problems };
  }
  if (tests.length > 1) {
    problems.push(
      `${MANIFEST}: resources: the package has ${tests.length} tests (${tests.map((t) => t.path).join(', ')}); a package holds one test`,
    );
    return { ok: false, problems };
  }
  return { ok: true, test: tests[0] as ManifestResource, items, problems };
}
