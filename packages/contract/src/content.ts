import { z } from './zod';

// Content packages (bundle `tests[].package`): what the server serves a player on the activities origin
// (`/packages/<hash>/delivery.json`, beside the package's files) and what a player saves as the test's
// progress. Correct responses, mappings and processing rules are in none of these: they stay on the server.

export const CONTENT_PACKAGE_KINDS = ['qti', 'scorm'] as const;
export const contentPackageKindSchema = z.enum(CONTENT_PACKAGE_KINDS);
export type ContentPackageKind = z.infer<typeof contentPackageKindSchema>;

/** A package's id: the SHA-256 of its bytes as imported, in hex. */
export const packageHashSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Expected a package hash'));

/** Where the player of a package kind is served (a path on the activities origin), with the package named. */
export const playerUrl = (kind: ContentPackageKind, hash: string) => `/players/${kind}/?package=${hash}`;

const navigationModeSchema = z.enum(['linear', 'nonlinear']);
const submissionModeSchema = z.enum(['individual', 'simultaneous']);

export const qtiDeliveryItemSchema = z.object({
  identifier: z.string(),
  /** The item's file, relative to the package's root (served stripped of everything that scores it). */
  href: z.string(),
  title: z.string(),
});

export const qtiDeliverySectionSchema = z.object({
  identifier: z.string(),
  title: z.string(),
  visible: z.boolean(),
  items: z.array(qtiDeliveryItemSchema),
});

export const qtiDeliveryPartSchema = z.object({
  identifier: z.string(),
  navigationMode: navigationModeSchema,
  submissionMode: submissionModeSchema,
  /** Nested sections flattened in delivery order. */
  sections: z.array(qtiDeliverySectionSchema),
});

/** `delivery.json` of a QTI package: the test's structure, no item content and nothing that scores. */
export const qtiDeliverySchema = z.object({
  kind: z.literal('qti'),
  identifier: z.string(),
  title: z.string(),
  /** The test's own time limit (qti-time-limits max-time on the test), in seconds; null: none. */
  maxTimeSeconds: z.nullable(z.number().check(z.positive())),
  parts: z.array(qtiDeliveryPartSchema).check(z.minLength(1)),
  /** An adaptive test: its sections list no items, the server gives them one at a time (rpc `adaptive.next`). */
  adaptive: z.optional(z.literal(true)),
});
export type QtiDelivery = z.infer<typeof qtiDeliverySchema>;

/** `delivery.json` of a SCORM package: its first SCO. */
export const scormDeliverySchema = z.object({
  kind: z.literal('scorm'),
  version: z.enum(['1.2', '2004']),
  /** The SCO's launch page relative to the package's root, with its parameters. */
  launch: z.string(),
  title: z.string(),
});
export type ScormDelivery = z.infer<typeof scormDeliverySchema>;

/**
 * `delivery.json` of a web activity uploaded in the console: its page (index.html at the zip's root or in its one top
 * folder), framed as it is at `/packages/<hash>/<entry>` (no player between), and its <title>.
 */
export const activityDeliverySchema = z.object({
  kind: z.literal('activity'),
  entry: z.string(),
  title: z.string(),
});
export type ActivityDelivery = z.infer<typeof activityDeliverySchema>;

export const contentDeliverySchema = z.discriminatedUnion('kind', [qtiDeliverySchema, scormDeliverySchema]);
export type ContentDelivery = z.infer<typeof contentDeliverySchema>;

/**
 * A response as the QTI player saves it, for one response variable: single cardinality a string (an
 * identifier; "A B" for a pair or directed pair; "x y" for a point; a number in decimal), multiple and
 * ordered a list (ordered in the candidate's order); null or absent for no response.
 */
export const qtiResponseValueSchema = z.union([z.string(), z.array(z.string()), z.null()]);
export type QtiResponseValue = z.infer<typeof qtiResponseValueSchema>;

/** The progress a QTI player saves (setData): the server scores `responses` once the test is complete. */
export const qtiProgressSchema = z.object({
  qti: z.literal(1),
  /** The item the candidate is on (its identifier): a reload resumes there. */
  position: z.nullable(z.string()),
  /** By item identifier, then by response identifier. */
  responses: z.record(z.string(), z.record(z.string(), qtiResponseValueSchema)),
  /** Items flagged for review (non-linear navigation). */
  flagged: z.array(z.string()),
  /**
   * The attempt's seed of shuffled choices (`shuffle="true"`), made by the player when it first opens the attempt:
   * the same order after a reload and on another device. Only the player reads it; scoring does not.
   */
  seed: z.optional(z.string()),
});
export type QtiProgress = z.infer<typeof qtiProgressSchema>;

/** The progress the SCORM player saves: the SCO's data model as scorm-again renders it for a commit. */
export const scormProgressSchema = z.object({
  scorm: z.literal(1),
  version: z.enum(['1.2', '2004']),
  cmi: z.record(z.string(), z.unknown()),
});
export type ScormProgress = z.infer<typeof scormProgressSchema>;
