import { parseQtiScoringModel, type QtiScoringModel } from '@prova/qti/scoring';
import { LRUCache } from 'lru-cache';

// A QTI package's scoring model, read from its stored JSON and checked once per package rather than at every
// scoring: a timed test ending for a whole campaign scores the same package for everyone. The package's hash
// names its content, so a model kept under it never goes stale; the least recently used go past `limit`.

export const QTI_MODELS_KEPT = 256;

type Load = () => Promise<string | undefined>;

export class QtiModelCache {
  readonly #models: LRUCache<string, QtiScoringModel, Load>;
  /** How many stored models were read and checked (a miss each). */
  reads = 0;

  constructor(readonly limit = QTI_MODELS_KEPT) {
    this.#models = new LRUCache<string, QtiScoringModel, Load>({
      max: limit,
      // Concurrent scorings of one package wait for the one read.
      fetchMethod: async (_hash, _stale, { context: load }) => {
        const json = await load();
        if (json === undefined) return undefined;
        this.reads += 1;
        return parseQtiScoringModel(json);
      },
    });
  }

  /** The model of the package `hash`; `load` gives its stored JSON when it is not kept (undefined: none). */
  get(hash: string, load: Load): Promise<QtiScoringModel | undefined> {
    return this.#models.fetch(hash, { context: load });
  }

  get size(): number {
    return this.#models.size;
  }
}
