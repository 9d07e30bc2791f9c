import { type QtiDelivery, qtiDeliverySchema } from '@prova/contract/content';
import type { Db } from '../db/database';
import { readColumn } from './json-column-readers';

/** A package ready to store: its hash names it, so the same package stored twice is one row. */
export interface StoredPackage {
  hash: string;
  kind: string;
  /** delivery.json, as served. */
  delivery: string;
  /** What the server scores with, as JSON; null for content that reports its own results. */
  scoring: string | null;
  size: number;
  files: { path: string; mediaType: string; bytes: Uint8Array }[];
}

export interface ServedPackageFile {
  mediaType: string;
  bytes: Uint8Array;
}

/** What the activities origin reads of a package. */
export interface PackageReader {
  delivery(hash: string): Promise<string | null>;
  /** A QTI package's delivery.json parsed, or null when the package is none or its delivery does not read. */
  qtiDelivery(hash: string): Promise<QtiDelivery | null>;
  file(hash: string, path: string): Promise<ServedPackageFile | null>;
}

/** Files inserted by one statement: a course's many small files in few round trips, its large ones alone. */
const FILES_PER_INSERT = 50;

export function createContentRepository(db: Db) {
  const delivery = async (hash: string): Promise<string | null> =>
    (await db.selectFrom('content_packages').select('delivery').where('hash', '=', hash).executeTakeFirst())?.delivery ?? null;

  return {
    /** Stores the package unless its hash is stored already; true when this call stored it. */
    async insertIfAbsent(pkg: StoredPackage, now = new Date()): Promise<boolean> {
      const inserted = await db
        .insertInto('content_packages')
        .values({
          hash: pkg.hash,
          kind: pkg.kind,
          delivery: pkg.delivery,
          scoring: pkg.scoring,
          size: pkg.size,
          created_at: now.toISOString(),
        })
        .onConflict((c) => c.column('hash').doNothing())
        .returning('hash')
        .executeTakeFirst();
      if (!inserted) return false;
      for (let i = 0; i < pkg.files.length; i += FILES_PER_INSERT) {
        await db
          .insertInto('content_package_files')
          .values(
            pkg.files
              .slice(i, i + FILES_PER_INSERT)
              .map((f) => ({ hash: pkg.hash, path: f.path, media_type: f.mediaType, bytes: Buffer.from(f.bytes) })),
          )
          .execute();
      }
      return true;
    },

    /** The hashes of these that are stored. */
    async storedOf(hashes: string[]): Promise<Set<string>> {
      if (hashes.length === 0) return new Set();
      const rows = await db.selectFrom('content_packages').select('hash').where('hash', 'in', hashes).execute();
      return new Set(rows.map((r) => r.hash));
    },

    delivery,

    async qtiDelivery(hash: string): Promise<QtiDelivery | null> {
      return readColumn(qtiDeliverySchema, await delivery(hash), null);
    },

    async file(hash: string, path: string): Promise<ServedPackageFile | null> {
      const row = await db
        .selectFrom('content_package_files')
        .select(['media_type', 'bytes'])
        .where('hash', '=', hash)
        .where('path', '=', path)
        .executeTakeFirst();
      return row ? { mediaType: row.media_type, bytes: row.bytes } : null;
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
