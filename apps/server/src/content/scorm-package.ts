import { DOMParser, type Element } from '@xmldom/xmldom';
import type { ScormDelivery } from '@prova/contract/content';
import type { PackageFiles, PreparedPackage } from './package-files';

// A SCORM 1.2 or 2004 package, read from its imsmanifest.xml: the SCO the platform delivers is the first
// item (of the default organization, else the first) that names a `sco` resource; its launch page is the
// resource's href under every xml:base on the way, with the item's parameters. The package's files are
// served as they are: the content reports its own results, nothing of it scores on the server.

const MANIFEST = 'imsmanifest.xml';

export async function prepareScormPackage(files: PackageFiles): Promise<PreparedPackage> {
  const read = readManifest(files);
  if (!read.ok) return read;
  const served = new Map<string, Uint8Array>();
  for (const [path, bytes] of files) served.set(path, bytes);
  return { ok: true, kind: 'scorm', served, delivery: read.delivery, scoring: null, notes: read.notes };
}

type ManifestRead = { ok: true; delivery: ScormDelivery; notes: string[] } | { ok: false; problems: string[] };

const fail = (element: string, message: string): ManifestRead => ({ ok: false, problems: [`${MANIFEST}: ${element}: ${message}`] });

/** Child elements by local name (manifests put imscp in the default namespace, or a prefix, or none). */
const children = (parent: Element, name: string): Element[] =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).localName === name);
const child = (parent: Element, name: string): Element | undefined => children(parent, name)[0];
const textOf = (element: Element | undefined) => element?.textContent?.trim() ?? '';

/** An attribute by local name, whatever its prefix (adlcp:scormtype, adlcp:scormType, xml:base). */
function attribute(element: Element, ...names: string[]): string | null {
  for (const attr of Array.from(element.attributes)) if (names.includes(attr.localName ?? attr.name)) return attr.value;
  return null;
}

export function readManifest(files: PackageFiles): ManifestRead {
  const bytes = files.get(MANIFEST);
  if (!bytes) return fail('manifest', 'no imsmanifest.xml at the root of the package: it is not a SCORM package');
  const xml = new TextDecoder().decode(bytes);
  // A manifest has no need of a DTD: none is read, so no entity can reach a file or expand without end.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return fail('manifest', 'a DOCTYPE or an entity declaration is not accepted');
  const errors: string[] = [];
  let manifest: Element | null;
  try {
    manifest = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') errors.push(message.split('\n')[0]);
      },
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch (error) {
    // xmldom throws on a fatal error, after telling onError.
    manifest = null;
    if (!errors.length) errors.push((error as Error).message.split('\n')[0]);
  }
  if (errors.length || !manifest) return fail('manifest', `not well-formed XML: ${errors[0] ?? 'no root element'}`);
  if (manifest.localName !== 'manifest') return fail(manifest.localName ?? 'root', 'the root element must be <manifest>');

  const version = scormVersion(manifest, xml);
  if (!version)
    return fail('schemaversion', 'not a SCORM 1.2 or 2004 manifest (schemaversion "1.2", "2004 3rd Edition" or "2004 4th Edition")');

  const organizations = child(manifest, 'organizations');
  const all = organizations ? children(organizations, 'organization') : [];
  const wanted = organizations && attribute(organizations, 'default');
  const organization = all.find((o) => attribute(o, 'identifier') === wanted) ?? all[0];
  if (!organization) return fail('organizations', 'no organization: the package names no SCO to deliver');

  const resources = new Map<string, Element>();
  const resourcesElement = child(manifest, 'resources');
  for (const r of resourcesElement ? children(resourcesElement, 'resource') : []) {
    const id = attribute(r, 'identifier');
    if (id) resources.set(id, r);
  }
  const isSco = (r: Element | undefined) => r !== undefined && (attribute(r, 'scormtype', 'scormType') ?? '').toLowerCase() === 'sco';

  const scos: Element[] = [];
  const walk = (parent: Element) => {
    for (const item of children(parent, 'item')) {
      const ref = attribute(item, 'identifierref');
      if (ref && isSco(resources.get(ref))) scos.push(item);
      walk(item);
    }
  };
  walk(organization);
  const first = scos[0];
  if (!first) return fail('organization', 'no item launches a SCO (a resource with scormtype "sco")');
  const resource = resources.get(attribute(first, 'identifierref')!)!;
  const href = attribute(resource, 'href');
  if (!href) return fail('resource', `the SCO "${attribute(resource, 'identifier')}" has no href`);

  // xml:base on the manifest, on <resources> and on the resource, each relative to the one before.
  const bases = [manifest, resourcesElement, resource].map((e) => (e ? attribute(e, 'base') : null)).filter((b): b is string => !!b);
  let url: URL;
  try {
    url = new URL('http://package/');
    for (const base of bases) url = new URL(base, url);
    url = new URL(href, url);
  } catch {
    return fail('resource', `the SCO's href "${href}" is not a valid address`);
  }
  if (url.origin !== 'http://package') return fail('resource', `the SCO's href "${href}" is not a file of the package`);
  const path = decodeURIComponent(url.pathname.slice(1));
  if (!files.has(path)) return fail('resource', `the SCO's launch file "${path}" is not in the package`);
  const launch = withParameters(`${url.pathname.slice(1)}${url.search}`, attribute(first, 'parameters'));

  const title = textOf(child(first, 'title')) || textOf(child(organization, 'title')) || path;
  const notes: string[] =
    scos.length > 1 ? [`${scos.length} SCOs: only the first one, "${title}", is delivered (the others are left out)`] : [];
  return { ok: true, delivery: { kind: 'scorm', version, launch, title }, notes };
}

function scormVersion(manifest: Element, xml: string): ScormDelivery['version'] | null {
  const metadata = child(manifest, 'metadata');
  const schemaVersion = textOf(metadata && child(metadata, 'schemaversion'));
  if (schemaVersion === '1.2') return '1.2';
  if (/^(2004|CAM 1\.3)/.test(schemaVersion)) return '2004';
  // No schemaversion: the attribute's spelling tells (1.2 wrote scormtype, 2004 scormType).
  if (schemaVersion === '') {
    if (/adlcp:scormType=/.test(xml)) return '2004';
    if (/adlcp:scormtype=/.test(xml)) return '1.2';
  }
  return null;
}

/** SCORM's rule for an item's parameters: appended to the href after `?` or `&` (a leading one dropped), or a `#` as it is. */
function withParameters(href: string, parameters: string | null): string {
  const given = parameters?.trim();
  if (!given) return href;
  if (given.startsWith('#')) return `${href}${given}`;
  const query = given.replace(/^[?&]+/, '');
  return `${href}${href.includes('?') ? '&' : '?'}${query}`;
}
