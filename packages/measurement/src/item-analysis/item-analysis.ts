// Classical item analysis in one pass over a test's attempts: each attempt is added to running sums (of each
// item's score, its square and its product with the total, and of the total and its square), so any number of
// attempts is analysed in memory that depends only on the number of items and of their options.
// Variances are population variances (divided by n) throughout, the convention under which KR-20 and
// Cronbach's alpha agree on dichotomous items (p·q is a population variance).

/** An item easier than this (facility p above it) tells little about who knows more. */
export const TOO_EASY_P = 0.9;
/** An item harder than this (facility p below it). */
export const TOO_HARD_P = 0.2;
/** A corrected item-total correlation below this (and not negative) discriminates weakly. */
export const WEAK_DISCRIMINATION_R = 0.2;
/** Below this many attempts nothing is computed: a correlation needs at least two. */
export const MIN_ATTEMPTS = 2;
/** Options counted per item; more distinct responses than this (free-text identifiers) are not options. */
export const MAX_OPTIONS_PER_ITEM = 64;
/** The score distribution's bins at most; totals up to this many points get one bin per point. */
export const MAX_BINS = 20;

export type ItemFlag = 'too-easy' | 'too-hard' | 'negative-discrimination' | 'weak-discrimination';
export type ReliabilityCoefficient = 'KR-20' | 'alpha';

export interface ItemSpec {
  id: string;
  /** The most the item scores (facility is the mean over this). */
  maxScore: number;
  /** Whether the attempt's chosen option is counted (a choice item), and its right option(s). */
  choice?: { key: readonly string[] };
}

/** What an attempt chose in a choice item: an option, several, or nothing. */
export type Choice = string | readonly string[] | null | undefined;

export interface OptionFigures {
  option: string;
  key: boolean;
  count: number;
  /** Share of all attempts that chose it. */
  share: number;
  /** Mean total score of those who chose it. */
  meanTotal: number;
}

export interface ItemFigures {
  id: string;
  maxScore: number;
  mean: number;
  sd: number;
  /** Facility: mean score over the most the item scores. */
  p: number;
  /** Corrected item-total correlation (with the total of the other items); null when either does not vary. */
  r: number | null;
  /** The test's reliability without this item; null when it cannot be computed. */
  alphaIfDeleted: number | null;
  flags: ItemFlag[];
  /** Choice items: each option seen, and the attempts that chose none. */
  distractors: { options: OptionFigures[]; none: { count: number; share: number; meanTotal: number | null } } | null;
}

export interface ScoreBin {
  from: number;
  to: number;
  count: number;
}

export type ItemAnalysis =
  | { sufficient: false; n: number; minN: number }
  | {
      sufficient: true;
      n: number;
      minN: number;
      items: ItemFigures[];
      reliability: { coefficient: ReliabilityCoefficient; value: number | null; sem: number | null };
      total: { mean: number; sd: number; min: number; max: number; maxPossible: number };
      distribution: ScoreBin[];
    };

interface OptionSums {
  count: number;
  sumTotal: number;
}

/** Population variance from a count, a sum and a sum of squares (never below 0 from rounding). */
const varianceOf = (n: number, sum: number, sumSquares: number) => Math.max(0, sumSquares / n - (sum / n) ** 2);

/** The bins of totals 0..maxPossible: one per point when few, else MAX_BINS of equal width. */
export function scoreBins(maxPossible: number): Array<{ from: number; to: number }> {
  const top = Math.max(0, maxPossible);
  if (Number.isInteger(top) && top + 1 <= MAX_BINS) return Array.from({ length: top + 1 }, (_, k) => ({ from: k, to: k }));
  const width = top / MAX_BINS || 1;
  return Array.from({ length: MAX_BINS }, (_, k) => ({ from: k * width, to: (k + 1) * width }));
}

/** Running sums of a test's attempts; `add` each attempt once, then `result`. */
export class ItemAnalysisAccumulator {
  private n = 0;
  private readonly k: number;
  private readonly sum: Float64Array;
  private readonly sumSq: Float64Array;
  private readonly sumWithTotal: Float64Array;
  private readonly binary: boolean[];
  private sumTotal = 0;
  private sumTotalSq = 0;
  private minTotal = Infinity;
  private maxTotal = -Infinity;
  private readonly options: Array<Map<string, OptionSums> | null>;
  private readonly none: OptionSums[];
  private readonly bins: Array<{ from: number; to: number }>;
  private readonly binCounts: number[];
  private readonly maxPossible: number;
  private readonly scores: Float64Array;
  private readonly maxSeen: Float64Array;

  constructor(private readonly items: readonly ItemSpec[]) {
    this.k = items.length;
    this.sum = new Float64Array(this.k);
    this.sumSq = new Float64Array(this.k);
    this.sumWithTotal = new Float64Array(this.k);
    this.scores = new Float64Array(this.k);
    this.maxSeen = new Float64Array(this.k);
    this.binary = items.map((item) => item.maxScore === 1);
    this.options = items.map((item) => (item.choice ? new Map(item.choice.key.map((o) => [o, { count: 0, sumTotal: 0 }])) : null));
    this.none = items.map(() => ({ count: 0, sumTotal: 0 }));
    this.maxPossible = items.reduce((s, item) => s + item.maxScore, 0);
    this.bins = scoreBins(this.maxPossible);
    this.binCounts = this.bins.map(() => 0);
  }

  /** One attempt: its score in each item (in the items' order; missing or not a number is 0) and its choices. */
  add(scores: ArrayLike<number | null | undefined>, choices?: ArrayLike<Choice>): void {
    let total = 0;
    for (let i = 0; i < this.k; i++) {
      const raw = scores[i];
      const x = typeof raw === 'number' && Number.isFinite(raw) ? raw : 0;
      this.scores[i] = x;
      total += x;
      if (x !== 0 && x !== 1) this.binary[i] = false;
      if (x > this.maxSeen[i]) this.maxSeen[i] = x;
    }
    this.n++;
    this.sumTotal += total;
    this.sumTotalSq += total * total;
    if (total < this.minTotal) this.minTotal = total;
    if (total > this.maxTotal) this.maxTotal = total;
    for (let i = 0; i < this.k; i++) {
      const x = this.scores[i];
      this.sum[i] += x;
      this.sumSq[i] += x * x;
      this.sumWithTotal[i] += x * total;
      const options = this.options[i];
      if (options) this.count(options, this.none[i], choices?.[i], total);
    }
    this.binCounts[this.binOf(total)]++;
  }

  private count(options: Map<string, OptionSums>, none: OptionSums, choice: Choice, total: number) {
    const chosen = choice === null || choice === undefined ? [] : typeof choice === 'string' ? [choice] : choice;
    if (chosen.length === 0) {
      none.count++;
      none.sumTotal += total;
      return;
    }
    for (const option of new Set(chosen)) {
      let sums = options.get(option);
      if (!sums) {
        if (options.size >= MAX_OPTIONS_PER_ITEM) continue;
        sums = { count: 0, sumTotal: 0 };
        options.set(option, sums);
      }
      sums.count++;
      sums.sumTotal += total;
    }
  }

  private binOf(total: number) {
    const last = this.bins.length - 1;
    const k = this.bins.findIndex((bin, j) => (j === last ? true : total < this.bins[j + 1].from));
    return k < 0 ? last : k;
  }

  result(minN = MIN_ATTEMPTS): ItemAnalysis {
    const n = this.n;
    const minimum = Math.max(minN, MIN_ATTEMPTS);
    if (n < minimum) return { sufficient: false, n, minN: minimum };
    const k = this.k;
    const varTotal = varianceOf(n, this.sumTotal, this.sumTotalSq);
    const meanTotal = this.sumTotal / n;
    const itemVar = Array.from(this.sum, (s, i) => varianceOf(n, s, this.sumSq[i]));
    const sumItemVar = itemVar.reduce((a, b) => a + b, 0);
    // alpha = k/(k-1) · (1 - Σ σ²ᵢ / σ²_T); on 0/1 items σ²ᵢ = p·q and it is KR-20.
    const alpha = (items: number, sumVar: number, totalVar: number) =>
      items < 2 || totalVar <= 0 ? null : (items / (items - 1)) * (1 - sumVar / totalVar);
    const dichotomous = k > 0 && this.binary.every(Boolean);
    const reliability = alpha(k, sumItemVar, varTotal);
    const sdTotal = Math.sqrt(varTotal);

    const items = this.items.map((spec, i): ItemFigures => {
      const mean = this.sum[i] / n;
      const covWithTotal = this.sumWithTotal[i] / n - mean * meanTotal;
      // The rest of the test, T - xᵢ: cov(xᵢ, T - xᵢ) = cov(xᵢ, T) - σ²ᵢ; σ²(T - xᵢ) = σ²_T - 2cov(xᵢ, T) + σ²ᵢ.
      const covRest = covWithTotal - itemVar[i];
      const varRest = Math.max(0, varTotal - 2 * covWithTotal + itemVar[i]);
      const r = itemVar[i] > 1e-12 && varRest > 1e-12 ? Math.max(-1, Math.min(1, covRest / Math.sqrt(itemVar[i] * varRest))) : null;
      // An item that scored more than it declared (its own processing) is read against what it gave.
      const maxScore = Math.max(spec.maxScore, this.maxSeen[i]);
      const p = maxScore > 0 ? mean / maxScore : 0;
      const flags: ItemFlag[] = [];
      if (p > TOO_EASY_P) flags.push('too-easy');
      if (p < TOO_HARD_P) flags.push('too-hard');
      if (r !== null && r < 0) flags.push('negative-discrimination');
      if (r !== null && r >= 0 && r < WEAK_DISCRIMINATION_R) flags.push('weak-discrimination');
      const options = this.options[i];
      const none = this.none[i];
      return {
        id: spec.id,
        maxScore,
        mean,
        sd: Math.sqrt(itemVar[i]),
        p,
        r,
        alphaIfDeleted: alpha(k - 1, sumItemVar - itemVar[i], varRest),
        flags,
        distractors: options
          ? {
              options: [...options].map(([option, s]) => ({
                option,
                key: spec.choice!.key.includes(option),
                count: s.count,
                share: s.count / n,
                meanTotal: s.count ? s.sumTotal / s.count : 0,
              })),
              none: { count: none.count, share: none.count / n, meanTotal: none.count ? none.sumTotal / none.count : null },
            }
          : null,
      };
    });
    return {
      sufficient: true,
      n,
      minN: minimum,
      items,
      reliability: {
        coefficient: dichotomous ? 'KR-20' : 'alpha',
        value: reliability,
        sem: reliability === null ? null : sdTotal * Math.sqrt(Math.max(0, 1 - reliability)),
      },
      total: { mean: meanTotal, sd: sdTotal, min: this.minTotal, max: this.maxTotal, maxPossible: this.maxPossible },
      distribution: this.bins.map((bin, j) => ({ ...bin, count: this.binCounts[j] })),
    };
  }
}

/** The analysis of a whole response matrix at once (attempts × items), for small data and tests. */
export function analyseItems(
  items: readonly ItemSpec[],
  matrix: ReadonlyArray<ArrayLike<number | null | undefined>>,
  choices?: ReadonlyArray<ArrayLike<Choice>>,
  minN = MIN_ATTEMPTS,
): ItemAnalysis {
  const acc = new ItemAnalysisAccumulator(items);
  matrix.forEach((row, a) => acc.add(row, choices?.[a]));
  return acc.result(minN);
}
