import type { ContentDelivery, ContentPackageKind } from '@prova/contract/content';

/** A package's files by path (relative to its root, `/` separators, no `..`), as read from its zip. */
export type PackageFiles = ReadonlyMap<string, Uint8Array>;

/**
 * A package made ready to store: the files the activities origin may serve (for QTI, items stripped of
 * what scores them), its `delivery.json`, and what the server scores with (JSON; null when the content
 * reports its own results, as SCORM does). Problems are `<file>: <element>: message` within the package.
 */
export type PreparedPackage =
  | {
      ok: true;
      kind: ContentPackageKind;
      served: Map<string, Uint8Array>;
      delivery: ContentDelivery;
      scoring: unknown;
      /** What staff should know at import (e.g. "3 SCOs: only the first one, 'Intro', is delivered"). */
      notes: string[];
    }
  | { ok: false; problems: string[] };
