import type { Element } from '@xmldom/xmldom';
import type { QtiDelivery } from '@prova/contract/content';
import { checkItemAssets, isAsset } from './assets';
import { ACCEPTED_NAMESPACES, convertToQti3, qtiVersionOf } from './convert';
import { checkItem } from './items';
import { readManifest, type QtiVersion } from './manifest';
import { stripItem } from './strip';
import { readTestStructure } from './test-structure';
import { decodeText, parseXml, type Parsed } from './xml';

/** The test XML and item XMLs that the scoring model is compiled from (see scoring): QTI 3, as the package has them (after conversion). */
export interface QtiScoringSources {
  test: { href: string; xml: string };
  /** One per item reference of the test, by its identifier (the one outcomes are named by). */
  items: Array<{ identifier: string; href: string; xml: string }>;
}

export type PreparedQti =
  | { ok: true; served: Map<string, Uint8Array>; delivery: QtiDelivery; sources: QtiScoringSources; notes: string[] }
  | { ok: false; problems: string[] };

/**
 * Reads an IMS content package holding a QTI 3 test (QTI 2.1/2.2 converted first) and makes it ready to
 * deliver: checked, its items stripped of what scores them, its delivery.json. Every problem is
 * `<file in package>: <element>: message`, all of them at once. See docs/qti.md.
 */
export async function prepareQtiPackage(files: ReadonlyMap<string, Uint8Array>): Promise<PreparedQti> {
  const manifest = readManifest(files);
  if (!manifest.ok) return { ok: false, problems: manifest.problems };
  const problems = [...manifest.problems];
  const converted = new Map<string, QtiVersion>();

  const testPath = manifest.test.path;
  const test = await readQti3(files, testPath, converted);
  if (!test.ok) return { ok: false, problems: [...problems, test.problem] };
  const structure = readTestStructure(testPath, test.doc.documentElement as Element, files);
  problems.push(...structure.problems);
  const notes = [...structure.notes];

  const served = new Map<string, Uint8Array>();
  const items = new Map<string, { title: string; xml: string }>();
  for (const path of new Set(structure.refs.map((ref) => ref.path))) {
    const item = await readQti3(files, path, converted);
    if (!item.ok) {
      problems.push(item.problem);
      continue;
    }
    const root = item.doc.documentElement as Element;
    const found = [...checkItem(path, root), ...checkItemAssets(path, root, files)];
    problems.push(...found);
    if (found.length) continue;
    items.set(path, { title: root.getAttribute('title') || (root.getAttribute('identifier') ?? ''), xml: item.text });
    served.set(path, new TextEncoder().encode(stripItem(item.doc)));
  }
  if (problems.length) return { ok: false, problems };

  for (const [path, bytes] of files) if (isAsset(path)) served.set(path, bytes);
  for (const part of structure.delivery.parts) {
    for (const section of part.sections) for (const ref of section.items) ref.title = items.get(ref.href)?.title || ref.identifier;
  }
  if (converted.size) {
    const versions = [...new Set(converted.values())].join(' and ');
    notes.unshift(`converted from QTI ${versions} to QTI 3 (${converted.size} files)`);
  }
  const delivered = new Set(structure.refs.map((ref) => ref.path));
  const unused = manifest.items.filter((item) => !delivered.has(item.path));
  if (unused.length)
    notes.push(
      `${unused.length} items of the manifest are not in the test and are not delivered (${unused.map((i) => i.path).join(', ')})`,
    );

  return {
    ok: true,
    served,
    delivery: structure.delivery,
    sources: {
      test: { href: testPath, xml: test.text },
      items: structure.refs.map((ref) => ({
        identifier: ref.identifier,
        href: ref.path,
        xml: (items.get(ref.path) as { xml: string }).xml,
      })),
    },
    notes,
  };
}

/** A QTI file as QTI 3: parsed, and converted first when it is QTI 2.1 or 2.2 (`converted` records it). */
async function readQti3(files: ReadonlyMap<string, Uint8Array>, path: string, converted: Map<string, QtiVersion>): Promise<Parsed> {
  const bytes = files.get(path);
  if (!bytes) return { ok: false, problem: `${path}: no such file in the package` };
  const text = decodeText(path, bytes);
  if (!text.ok) return text;
  const parsed = parseXml(path, text.text);
  if (!parsed.ok) return parsed;
  const version = qtiVersionOf(parsed.doc);
  const root = parsed.doc.documentElement as Element;
  if (!version) {
    return {
      ok: false,
      problem: `${path}: ${root.nodeName}: not QTI 3, 2.2 or 2.1 (namespace "${root.namespaceURI ?? ''}"; accepted: ${ACCEPTED_NAMESPACES})`,
    };
  }
  if (version === '3.0') return parsed;
  const upgraded = await convertToQti3(path, text.text);
  if (!upgraded.ok) return upgraded;
  converted.set(path, version);
  return parseXml(path, upgraded.xml);
}
