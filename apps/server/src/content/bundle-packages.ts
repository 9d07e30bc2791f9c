import { createHash } from 'node:crypto';
import type { ContentPackageKind } from '@prova/contract/content';
import type { StoredPackage } from '../repositories/content-repository';
import type { BundleFiles } from './bundle-source';
import { mediaTypeOf } from './media-types';
import type { PackageFiles, PreparedPackage } from './package-files';
import { prepareQtiContent } from './qti-package';
import { prepareScormPackage } from './scorm-package';
import { PACKAGE_ZIP_LIMITS, pathProblem, readZip, type ZipLimits } from './zip-files';

// The packages a bundle's tests name (`tests[].package`), read from the bundle's files and made ready to
// store, before any transaction: the CPU work (unzipping, reading the manifests, preparing the items) is
// done here, the writes in the import's transaction. A package named by several tests is read once.

/** A package test's package, by its file in the bundle. */
export type PackageRefs = Map<string, PackageRef>;
export interface PackageRef {
  kind: ContentPackageKind;
  hash: string;
  /** A QTI test's own time limit (qti-time-limits max-time), in seconds: the platform's timer enforces it. */
  maxTimeSeconds?: number | null;
  /** The package's own title (its delivery.json's), for a test made of it alone (services/staff/test-library.ts). */
  title?: string;
  /**
   * When a test delivers it adaptively: the package stored again without its items' files (its delivery.json lists
   * no items), under its own hash, and the bank the server gives items from.
   */
  adaptive?: { hash: string; bank: AdaptiveBank };
  /** False when only adaptive tests deliver it: the package as it is (`hash`) is not stored. */
  plain?: boolean;
}

/** The stored packages a ref needs. */
export const hashesOf = (ref: PackageRef): string[] => [
  ...(ref.plain === false ? [] : [ref.hash]),
  ...(ref.adaptive ? [ref.adaptive.hash] : []),
];

/** An adaptive test's items by identifier: the stripped XML the player gets and its path in the package (for the files it loads). */
export type AdaptiveBank = Record<string, { href: string; xml: string }>;

export interface BundlePackages {
  /** By file: what each package test's url and package_hash become. */
  refs: PackageRefs;
  /** What to store (insert-if-absent); empty when the packages are stored already (a console upload, confirmed). */
  ready: StoredPackage[];
  /** What staff should know, e.g. that only a package's first SCO is delivered (`tests[0].package.file: x.zip: ...`). */
  notes: string[];
  /** `tests[3].package.file: ...`: a file missing or unreadable, a problem inside a package. */
  problems: string[];
}

type Preparer = (files: PackageFiles) => Promise<PreparedPackage>;
const PREPARERS: Record<ContentPackageKind, Preparer> = { qti: prepareQtiContent, scorm: prepareScormPackage };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The tests' packages as the bundle names them (the shape is the contract's to check: what is not a package here is skipped). */
function namedPackages(bundle: unknown): { at: number; kind: ContentPackageKind; file: string; adaptive: boolean }[] {
  if (!isRecord(bundle) || !Array.isArray(bundle.tests)) return [];
  return bundle.tests.flatMap((test: unknown, at) => {
    const pkg = isRecord(test) ? test.package : undefined;
    if (!isRecord(pkg) || typeof pkg.file !== 'string' || (pkg.type !== 'qti' && pkg.type !== 'scorm')) return [];
    return [{ at, kind: pkg.type, file: pkg.file, adaptive: isRecord(test) && test.adaptive !== undefined }];
  });
}

/** A package's hash; a variant of it (the adaptive delivery) hashes its name after the bytes. */
export const packageHash = (bytes: Uint8Array, variant?: string) => {
  const hash = createHash('sha256').update(bytes);
  if (variant) hash.update(`\0${variant}`);
  return hash.digest('hex');
};

/**
 * A QTI package as an adaptive test delivers it: the items' files are not served (nor listed in delivery.json), so a
 * browser cannot read the bank; the server keeps them, and gives one at a time. Media and style sheets stay served.
 */
function adaptiveVariant(prepared: Extract<PreparedPackage, { ok: true }>): {
  prepared: Extract<PreparedPackage, { ok: true }>;
  bank: AdaptiveBank;
} {
  if (prepared.delivery.kind !== 'qti') throw new Error('not a QTI package');
  const bank: AdaptiveBank = {};
  const served = new Map(prepared.served);
  const decoder = new TextDecoder();
  for (const part of prepared.delivery.parts)
    for (const section of part.sections)
      for (const item of section.items) {
        const bytes = prepared.served.get(item.href);
        if (bytes) bank[item.identifier] = { href: item.href, xml: decoder.decode(bytes) };
        served.delete(item.href);
      }
  const delivery = {
    ...prepared.delivery,
    adaptive: true as const,
    parts: prepared.delivery.parts.map((p) => ({ ...p, sections: p.sections.map((s) => ({ ...s, items: [] })) })),
  };
  return { prepared: { ...prepared, served, delivery }, bank };
}

export async function prepareBundlePackages(
  bundle: unknown,
  files: BundleFiles,
  limits: ZipLimits = PACKAGE_ZIP_LIMITS,
): Promise<BundlePackages> {
  const out: BundlePackages = { refs: new Map(), ready: [], notes: [], problems: [] };
  const firstNamed = new Map<string, { at: number; kind: ContentPackageKind }>();
  const byHash = new Map<string, StoredPackage>();
  const named = namedPackages(bundle);
  // Which files tests deliver adaptively, and which as they are.
  const adaptively = new Set(named.filter((n) => n.adaptive).map((n) => n.file));
  const plainly = new Set(named.filter((n) => !n.adaptive).map((n) => n.file));
  for (const { at, kind, file } of named) {
    const where = `tests[${at}].package`;
    const first = firstNamed.get(file);
    if (first) {
      if (first.kind !== kind) out.problems.push(`${where}.type: "${file}" is a ${first.kind} package in tests[${first.at}]`);
      continue;
    }
    firstNamed.set(file, { at, kind });
    // An absolute path or one with "..": the contract's schema says so.
    if (pathProblem(file)) continue;
    const read = await files.read(file);
    if (!read.ok) {
      out.problems.push(`${where}.file: ${read.problem}`);
      continue;
    }
    const zip = await readZip(read.bytes, limits);
    if (!zip.ok) {
      out.problems.push(...zip.problems.map((p) => `${where}.file: ${file}: ${p}`));
      continue;
    }
    const prepared = await PREPARERS[kind](zip.files);
    if (!prepared.ok) {
      out.problems.push(...prepared.problems.map((p) => `${where}.file: ${file}: ${p}`));
      continue;
    }
    out.notes.push(...prepared.notes.map((n) => `${where}.file: ${file}: ${n}`));
    const hash = packageHash(read.bytes);
    const maxTimeSeconds = prepared.delivery.kind === 'qti' ? prepared.delivery.maxTimeSeconds : null;
    const ref: PackageRef = { kind, hash, maxTimeSeconds, title: prepared.delivery.title, plain: plainly.has(file) };
    if (adaptively.has(file) && prepared.delivery.kind === 'qti') {
      const variant = adaptiveVariant(prepared);
      ref.adaptive = { hash: packageHash(read.bytes, 'adaptive'), bank: variant.bank };
      if (!byHash.has(ref.adaptive.hash))
        byHash.set(ref.adaptive.hash, toStored(ref.adaptive.hash, read.bytes.byteLength, variant.prepared));
    }
    out.refs.set(file, ref);
    // The same bytes under two names: one package. Stored as they are only if a test delivers them so.
    if (plainly.has(file) && !byHash.has(hash)) byHash.set(hash, toStored(hash, read.bytes.byteLength, prepared));
  }
  out.ready = [...byHash.values()];
  return out;
}

/** A prepared package as the content repository stores it. */
export function toStored(hash: string, size: number, prepared: Extract<PreparedPackage, { ok: true }>): StoredPackage {
  return {
    hash,
    kind: prepared.kind,
    delivery: JSON.stringify(prepared.delivery),
    scoring: prepared.scoring === null || prepared.scoring === undefined ? null : JSON.stringify(prepared.scoring),
    size,
    files: [...prepared.served].map(([path, bytes]) => ({ path, mediaType: mediaTypeOf(path), bytes })),
  };
}
