import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PersonalReport, Results360 } from '@prova/contract/reports';
import { pdfStructure, pdfText } from '@prova/test-support/pdf-text';
import { afterAll, describe, expect, it } from 'vitest';
import { type ReportPdfInput, renderReportPdf } from './render-report-pdf';

const report: PersonalReport = {
  areas: [
    { id: 1, name: 'Comunicazione', value: 4.2, feedback: 'Comunica con chiarezza.', inProfile: true },
    { id: 2, name: 'Problem solving', value: 3.2, feedback: 'Analizza bene i problemi.', inProfile: true },
    { id: 3, name: 'Leadership', value: 2.1, feedback: 'Guida il gruppo con fatica.', inProfile: true },
    { id: 4, name: 'Lingue straniere', value: 1.5, feedback: 'Fuori dal profilo.', inProfile: false },
  ],
  skills: [
    { id: 11, areaId: 1, name: 'Ascolto attivo', value: 4.5 },
    { id: 21, areaId: 2, name: 'Analisi dei dati', value: 3.2 },
    { id: 31, areaId: 3, name: 'Delega efficace', value: 2.1 },
    { id: 41, areaId: 4, name: 'Inglese scritto', value: 1.5 },
  ],
  markers: [
    { id: 111, skillId: 11, name: 'Riformula', value: 4.5, feedback: 'Riformula sempre.', devSuggestion: '' },
    {
      id: 311,
      skillId: 31,
      name: 'Affida compiti',
      value: 2.1,
      feedback: 'Affida pochi compiti.',
      devSuggestion: 'Prima parte---Seconda parte',
    },
  ],
  tasks: [
    { id: 1111, markerId: 111, name: 'Colloquio', abbreviation: 'COL' },
    { id: 3111, markerId: 311, name: 'Assegnazione', abbreviation: 'ASS' },
  ],
  tests: [
    { id: 1, taskId: 1111, name: 'Simulazione di colloquio' },
    { id: 2, taskId: 3111, name: 'Caso di delega' },
  ],
};

const results360: Results360 = {
  scaleMax: 6,
  threshold: 3,
  groups: [
    { key: 'self', kind: 'self', label: '' },
    { key: 'r2', kind: 'relation', label: 'Colleghi' },
    // Too few raters for every question: listed in the groups, absent from every `means`.
    { key: 'r9', kind: 'relation', label: 'Fornitori' },
    { key: 'all', kind: 'all', label: '' },
  ],
  questions: [
    { id: 1, text: 'Ascolta i colleghi', means: { self: 5, r2: 4.25, all: 4.5 }, raters: { self: 1, r2: 3, all: 4 } },
    { id: 2, text: 'Comunica gli obiettivi', means: { self: 3, all: 3.75 }, raters: { self: 1, all: 4 } },
  ],
  comments: [{ id: 90, text: 'Cosa migliorare?', self: ['Più pazienza'], others: ['Delegare di più'] }],
};

const input = (lang: ReportPdfInput['lang']): ReportPdfInput => ({
  lang,
  person: { firstName: 'Giulia', lastName: 'Bianchi' },
  campaign: { name: 'Valutazione 2025' },
  report,
  results360,
  generatedAt: new Date(2025, 2, 7),
});

const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('renderReportPdf', () => {
  it('is tagged for screen readers: headings and paragraphs in reading order, the chart a figure with its words', async () => {
    const pdf = await renderReportPdf(input('it'));
    const { tagged, tree } = pdfStructure(pdf);
    expect(tagged).toBe(true);
    const lines = tree.split('\n').map((line) => line.trim());
    const after = (element: string) => lines[lines.indexOf(element) + 1];
    expect(lines[0]).toBe('Document');
    expect(after('H1 (block)')).toBe('"Report individuale"');
    const headings = lines.flatMap((line, i) => (/^H[23] \(block\)$/.test(line) ? [`${line.slice(0, 2)} ${lines[i + 1]}`] : []));
    expect(headings.slice(0, 3)).toEqual(['H2 "Il tuo profilo"', 'H3 "Sintesi qualitativa"', 'H2 "Risultati in dettaglio"']);
    expect(lines).toContain('"Ascolto attivo · 4,50 · Presidio ottimo · Punto di forza"');
    // The radar's alternative text: each area with its score.
    expect(lines).toContain('Figure');
    expect(pdf.toString('latin1')).toContain('/Alt (Comunicazione: 4,20; Problem solving: 3,20; Leadership: 2,10)');
  });

  it('writes the Italian report: profile, details, suggestions and the 360 results', async () => {
    const pdf = await renderReportPdf(input('it'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);

    expect(text).toContain('Report individuale');
    expect(text).toContain('Giulia Bianchi');
    expect(text).toContain('Valutazione 2025');
    expect(text).toContain('07/03/2025');
    expect(text).toContain('Il tuo profilo');
    expect(text).toContain('Sintesi qualitativa');
    expect(text).toContain('Comunica con chiarezza.');
    expect(text).toContain('Risultati in dettaglio');
    for (const name of ['Comunicazione', 'Problem solving', 'Leadership', 'Lingue straniere']) expect(text).toContain(name);
    for (const name of ['Ascolto attivo', 'Analisi dei dati', 'Delega efficace', 'Inglese scritto']) expect(text).toContain(name);

    expect(text).toMatch(/Ascolto attivo · 4,50 · Presidio ottimo · Punto di forza/);
    expect(text).toContain('4,20');
    expect(text).not.toContain('4.50');
    expect(text).toContain('Punto di attenzione');
    expect(text).toContain('Prima parte');
    expect(text).toContain('Seconda parte');
    expect(text).not.toContain('---');
    expect(text).toContain('Affida pochi compiti.');
    expect(text).toMatch(/Test collegati: Caso di delega/);

    expect(text).toContain('Risultati del feedback 360');
    expect(text).toContain('da 1 a 6');
    expect(text).toContain('meno di 3 valutatori');
    expect(text).toContain('Ascolta i colleghi');
    expect(text).toMatch(/Autovalutazione: 5,0/);
    expect(text).toMatch(/Colleghi: 4,3 \(3 valutatori\)/);
    expect(text).toMatch(/Media degli altri: 3,8 \(4 valutatori\)/);
    expect(text).not.toContain('Fornitori');
    expect(text).toContain('Il tuo commento: Più pazienza');
    expect(text).toContain('Commenti degli altri');
    expect(text).toContain('Delegare di più');
  });

  it('writes the English report with English numbers and texts', async () => {
    const pdf = await renderReportPdf(input('en'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);

    expect(text).toContain('Individual report');
    expect(text).toContain('Giulia Bianchi');
    expect(text).toContain('Detailed results');
    expect(text).toMatch(/Ascolto attivo · 4.50 · Excellent command · Strength/);
    expect(text).not.toContain('4,50');
    expect(text).toContain('Point of attention');
    expect(text).toContain('Prima parte');
    expect(text).toContain('Seconda parte');
    expect(text).toContain('360 feedback results');
    expect(text).toMatch(/Self-evaluation: 5.0/);
    expect(text).toMatch(/Colleghi: 4.3 \(3 raters\)/);
    expect(text).not.toContain('Fornitori');
    expect(text).not.toContain('Risultati in dettaglio');
  });

  it('sets the document title and language', async () => {
    const pdf = await renderReportPdf(input('it'));
    expect(pdf.toString('latin1')).toContain('/Lang (it-IT)');
    const file = join(dir, 'info.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Title:\s+Report individuale – Giulia Bianchi/);
  });

  it('draws bars instead of a radar when fewer than three areas are in the profile', async () => {
    const small: PersonalReport = { ...report, areas: report.areas.map((area) => ({ ...area, inProfile: area.id === 1 })) };
    const text = pdfText(await renderReportPdf({ ...input('es'), report: small, results360: null }));
    expect(text).toContain('Informe individual');
    expect(text).toContain('Resultados en detalle');
    expect(text).not.toContain('Resultados del feedback 360');
  });
});
