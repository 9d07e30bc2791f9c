import { parseQtiScoringModel, type QtiScoringModel } from '@prova/qti/scoring';

// A QTI package's scoring model, read from its stored JSON and checked once per package rather than at every
// scoring: a timed test ending for a whole campaign scores the same package for everyone. The package's hash
// names its content, so a model kept under it never goes stale; the least recently used go past `limit`.

export const QTI_MODELS_KEPT = 256;

export class QtiModelCache {
  readonly #models = new Map<string, QtiScoringModel>();
  /** How many stored models were read and checked (a miss each). */
  reads = 0;

  constructor(readonly limit = QTI_MODELS_KEPT) {}

  /** The model of the package `hash`; `load` gives its stored JSON when it is not kept (undefined: none). */
  async get(hash: string, load: () => Promise<string | undefined>): Promise<QtiScoringModel | undefined> {
    const kept = this.#models.get(hash);
    if (kept) {
      // Most recently used last: a Map keeps insertion order.
      this.#models.delete(hash);
      this.#models.set(hash, kept);
      return kept;
    }
    const json = await load();
    if (json === undefined) return undefined;
    this.reads += 1;
    const model = parseQtiScoringModel(json);
    this.#models.set(hash, model);
    if (this.#models.size > this.limit) this.#models.delete(this.#models.keys().next().value!);
    return model;
  }

  get size(): number {
    return this.#models.size;
  }
}
