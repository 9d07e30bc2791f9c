import { type QtiScoringModel, compileScoring, parseQtiScoringModel, scoreQti } from '@prova/qti/scoring';
import { percentile } from '../load/stats';

// QTI scoring as the server runs it when a test completes: the package's scoring model (compiled once, at
// import, kept as JSON) run over a candidate's saved responses. A 40-item test of the interactions a bank
// holds (choice, multiple response, text and numeric entry, order, match, associate, hotspot, a custom
// rule), weighted outcome processing; in this process, one at a time, so on one core.

const NS = 'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"';
const TEMPLATES = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';
const SCORE = '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" normal-maximum="2"/>';
const values = (...v: string[]) => v.map((x) => `<qti-value>${x}</qti-value>`).join('');
const declaration = (cardinality: string, baseType: string, inner: string) =>
  `<qti-response-declaration identifier="RESPONSE" cardinality="${cardinality}" base-type="${baseType}">${inner}</qti-response-declaration>`;
const template = (name: string) => `<qti-response-processing template="${TEMPLATES}/${name}"/>`;
const entries = (pairs: Array<[string, number]>, extra = '') =>
  pairs.map(([key, value]) => `<qti-map-entry map-key="${key}" mapped-value="${value}" ${extra}/>`).join('');

/** One kind of item: its XML body, a right and a wrong response. */
const KINDS: Array<{ body: string; right: string | string[]; wrong: string | string[] }> = [
  {
    body:
      declaration('single', 'identifier', `<qti-correct-response>${values('C')}</qti-correct-response>`) +
      SCORE +
      template('match_correct'),
    right: 'C',
    wrong: 'A',
  },
  {
    body:
      declaration(
        'multiple',
        'identifier',
        `<qti-correct-response>${values('A', 'C')}</qti-correct-response><qti-mapping default-value="-0.5" lower-bound="0" upper-bound="2">${entries(
          [
            ['A', 1],
            ['C', 1],
          ],
        )}</qti-mapping>`,
      ) +
      SCORE +
      template('map_response'),
    right: ['C', 'A'],
    wrong: ['A', 'B', 'D'],
  },
  {
    body:
      declaration(
        'single',
        'string',
        `<qti-correct-response>${values('Lisbon')}</qti-correct-response><qti-mapping default-value="0">${entries(
          [
            ['Lisbon', 1],
            ['Lisboa', 1],
          ],
          'case-sensitive="false"',
        )}</qti-mapping>`,
      ) +
      SCORE +
      template('map_response'),
    right: 'lisbon',
    wrong: 'Porto',
  },
  {
    body:
      declaration('single', 'float', `<qti-correct-response>${values('12.5')}</qti-correct-response>`) +
      SCORE +
      `<qti-response-processing><qti-response-condition><qti-response-if><qti-equal tolerance-mode="relative" tolerance="2"><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal>` +
      `<qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">2</qti-base-value></qti-set-outcome-value></qti-response-if>` +
      `<qti-response-else-if><qti-is-null><qti-variable identifier="RESPONSE"/></qti-is-null><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value></qti-response-else-if>` +
      `<qti-response-else><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">-0.25</qti-base-value></qti-set-outcome-value></qti-response-else></qti-response-condition></qti-response-processing>`,
    right: '12.6',
    wrong: '10',
  },
  {
    body:
      declaration('ordered', 'identifier', `<qti-correct-response>${values('D', 'B', 'A', 'C')}</qti-correct-response>`) +
      SCORE +
      template('match_correct'),
    right: ['D', 'B', 'A', 'C'],
    wrong: ['A', 'B', 'C', 'D'],
  },
  {
    body:
      declaration(
        'multiple',
        'directedPair',
        `<qti-correct-response>${values('A X', 'B Y', 'C Z')}</qti-correct-response><qti-mapping default-value="0" upper-bound="2">${entries(
          [
            ['A X', 1],
            ['B Y', 0.5],
            ['C Z', 0.5],
          ],
        )}</qti-mapping>`,
      ) +
      SCORE +
      template('map_response'),
    right: ['A X', 'B Y', 'C Z'],
    wrong: ['A Y', 'B X'],
  },
  {
    body:
      declaration(
        'multiple',
        'pair',
        `<qti-correct-response>${values('A B', 'C D')}</qti-correct-response><qti-mapping default-value="0">${entries([
          ['A B', 1],
          ['C D', 1],
        ])}</qti-mapping>`,
      ) +
      SCORE +
      template('map_response'),
    right: ['B A', 'D C'],
    wrong: ['A C'],
  },
  {
    body:
      declaration(
        'single',
        'point',
        '<qti-area-mapping default-value="0"><qti-area-map-entry shape="circle" coords="120,80,25" mapped-value="2"/><qti-area-map-entry shape="poly" coords="0,0,60,0,30,50" mapped-value="1"/></qti-area-mapping>',
      ) +
      SCORE +
      template('map_response_point'),
    right: '118 90',
    wrong: '300 300',
  },
];

export function qtiBenchModel(items: number): QtiScoringModel {
  const ids = Array.from({ length: items }, (_, i) => `item-${i + 1}`);
  const refs = ids
    .map(
      (id, i) =>
        `<qti-assessment-item-ref identifier="${id}" href="items/${id}.xml" category="${i % 2 ? 'core' : 'extra'}"><qti-weight identifier="W" value="${1 + (i % 3)}"/></qti-assessment-item-ref>`,
    )
    .join('');
  const outcomes = ['SCORE', 'MAX', 'CORE']
    .map((id) => `<qti-outcome-declaration identifier="${id}" cardinality="single" base-type="float"/>`)
    .join('');
  const set = (id: string, expression: string) => `<qti-set-outcome-value identifier="${id}">${expression}</qti-set-outcome-value>`;
  const test =
    `<qti-assessment-test ${NS} identifier="bench" title="Bench">${outcomes}<qti-outcome-declaration identifier="PASSED" cardinality="single" base-type="boolean"/>` +
    `<qti-test-part identifier="P" navigation-mode="nonlinear" submission-mode="simultaneous"><qti-assessment-section identifier="S" title="S" visible="true">${refs}</qti-assessment-section></qti-test-part>` +
    `<qti-outcome-processing>${set('SCORE', '<qti-sum><qti-test-variables variable-identifier="SCORE" weight-identifier="W"/></qti-sum>')}` +
    set('MAX', '<qti-sum><qti-outcome-maximum outcome-identifier="SCORE" weight-identifier="W"/></qti-sum>') +
    set('CORE', '<qti-sum><qti-test-variables variable-identifier="SCORE" include-category="core"/></qti-sum>') +
    set(
      'PASSED',
      '<qti-gte><qti-divide><qti-variable identifier="SCORE"/><qti-variable identifier="MAX"/></qti-divide><qti-base-value base-type="float">0.6</qti-base-value></qti-gte>',
    ) +
    `</qti-outcome-processing></qti-assessment-test>`;
  const compiled = compileScoring({
    test: { href: 'test.xml', xml: test },
    items: ids.map((id, i) => ({
      identifier: id,
      href: `items/${id}.xml`,
      xml: `<qti-assessment-item ${NS} identifier="${id}" title="${id}" adaptive="false" time-dependent="false">${KINDS[i % KINDS.length].body}</qti-assessment-item>`,
    })),
  });
  if (!compiled.ok) throw new Error(compiled.problems.join('\n'));
  // As the server keeps it: JSON in the database, read back.
  return JSON.parse(JSON.stringify(compiled.model)) as QtiScoringModel;
}

/** A candidate's progress: about two items in three right, one in six wrong, the rest unanswered. */
export function qtiBenchProgress(model: QtiScoringModel, candidate: number) {
  const responses: Record<string, Record<string, string | string[] | null>> = {};
  model.items.forEach((item, i) => {
    const kind = KINDS[i % KINDS.length];
    const roll = (i * 7 + candidate * 13) % 6;
    responses[item.identifier] = { RESPONSE: roll < 4 ? kind.right : roll === 4 ? kind.wrong : null };
  });
  return { qti: 1, position: model.items.at(-1)?.identifier ?? null, responses, flagged: [] };
}

export interface QtiScoringFigures {
  items: number;
  compileMs: number;
  /** Reading the stored model (its JSON, checked by its schema): once per package, the server keeps it by hash. */
  modelReadMs: number;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  itemsPerSecond: number;
}

export function qtiScoring(items = 40, runs = 3000): QtiScoringFigures {
  const compileStart = performance.now();
  const model = qtiBenchModel(items);
  const compileMs = performance.now() - compileStart;
  const stored = JSON.stringify(model);
  const reads = 50;
  const readStart = performance.now();
  for (let i = 0; i < reads; i++) parseQtiScoringModel(stored);
  const modelReadMs = (performance.now() - readStart) / reads;
  const progress = Array.from({ length: 50 }, (_, c) => qtiBenchProgress(model, c));
  for (let i = 0; i < 300; i++) scoreQti(model, progress[i % progress.length]); // warm-up: the JIT
  const durations: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    scoreQti(model, progress[i % progress.length]);
    durations.push(performance.now() - start);
  }
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    items,
    compileMs,
    modelReadMs,
    runs,
    p50: percentile(durations, 0.5),
    p95: percentile(durations, 0.95),
    p99: percentile(durations, 0.99),
    itemsPerSecond: (runs * items) / seconds,
  };
}

export const describeQtiScoring = (qti: QtiScoringFigures) =>
  `QTI scoring, a ${qti.items}-item test (model compiled once, in ${qti.compileMs.toFixed(0)} ms; stored model read and checked ` +
  `in ${qti.modelReadMs.toFixed(2)} ms, once per package; ${qti.runs} runs): ` +
  `p50 ${qti.p50.toFixed(2)} ms, p95 ${qti.p95.toFixed(2)} ms, p99 ${qti.p99.toFixed(2)} ms; ` +
  `${Math.round(qti.itemsPerSecond).toLocaleString('en')} items scored a second on one core`;
