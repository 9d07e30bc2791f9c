// @vitest-environment jsdom
import type { AgreementAnswer, ItemAnalysisAnswer } from '@prova/contract/item-analysis';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, openCampaign, renderConsole } from '../test-support';
import { stubDialogs } from '@/testing/dialogs';
import { AgreementSection } from './agreement-section';
import { CampaignPage } from './campaign-page';
import { ItemAnalysisPage } from './item-analysis-page';

beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const analysis: ItemAnalysisAnswer = {
  test: { id: 31, title: 'Logica' },
  campaignIds: [5],
  n: 20,
  minN: 20,
  sufficient: true,
  reliability: { coefficient: 'KR-20', value: 0.5769, sem: 0.6634 },
  total: { mean: 1.6, sd: 1.0198, min: 0, max: 3, maxPossible: 3 },
  distribution: [
    { from: 0, to: 0, count: 4 },
    { from: 1, to: 1, count: 4 },
    { from: 2, to: 2, count: 8 },
    { from: 3, to: 3, count: 4 },
  ],
  items: [
    {
      identifier: 'i1',
      title: 'Sequenze',
      maxScore: 1,
      mean: 0.95,
      sd: 0.22,
      p: 0.95,
      r: -0.1,
      alphaIfDeleted: 0.61,
      flags: ['too-easy', 'negative-discrimination'],
      distractors: {
        options: [
          { option: 'A', key: true, count: 19, share: 0.95, meanTotal: 1.7 },
          { option: 'B', key: false, count: 1, share: 0.05, meanTotal: 0 },
        ],
        none: { count: 0, share: 0, meanTotal: null },
      },
    },
  ],
};

describe('ItemAnalysisPage', () => {
  it('names the coefficient, shows the SEM, each item with its figures and flags, and the distribution as a table', async () => {
    const calls = fakeApi({ 'GET /api/staff/tests/31/analysis': { body: analysis } });
    renderConsole(<ItemAnalysisPage testId={31} campaignIds={[5]} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Analisi degli item: Logica' })).toBeTruthy();
    expect(calls[0].path).toContain('/api/staff/tests/31/analysis?campaigns=5');
    const facts = screen.getByRole('region', { name: 'Attendibilità' });
    expect(within(facts).getByText('KR-20').nextSibling?.textContent).toBe('0,58');
    expect(within(facts).getByText('Errore standard di misura').nextSibling?.textContent).toBe('0,66');
    const items = screen.getByRole('table', { name: /Facilità, discriminazione/ });
    const row = within(items).getByRole('row', { name: /Sequenze/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '0,95',
      '-0,10',
      '0,61',
      'troppo facile, discriminazione negativa',
      'A (chiave): 95%, totale medio 1,7B: 5%, totale medio 0,0',
    ]);
    expect(within(items).getByRole('columnheader', { name: 'KR-20 senza l’item' })).toBeTruthy();
    // The chart is for the eye; its counts are in a table, in its own scrolling region (320 px).
    const counts = screen.getByRole('table', { name: 'Tentativi per punteggio totale' });
    expect(
      within(counts)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['04', '14', '28', '34']);
    expect(document.querySelector('figure svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelectorAll('figure svg rect')).toHaveLength(4);
    for (const region of screen.getAllByRole('region')) expect(region.tabIndex === 0 || region.tagName === 'SECTION').toBe(true);
    expect(screen.getByRole('link', { name: 'Scarica gli item in CSV' }).getAttribute('href')).toBe(
      '/api/staff/tests/31/analysis.csv?campaigns=5',
    );
  });

  it('says why nothing is shown under the minimum number of attempts, and offers no download', async () => {
    fakeApi({
      'GET /api/staff/tests/31/analysis': {
        body: { test: { id: 31, title: 'Logica' }, campaignIds: [5], n: 7, minN: 20, sufficient: false, reason: 'TOO_FEW_ATTEMPTS' },
      },
    });
    renderConsole(<ItemAnalysisPage testId={31} />);
    expect((await screen.findByRole('status')).textContent).toContain('Solo 7 tentativi completati: l’analisi si mostra da 20 in su');
    expect(screen.queryByRole('link', { name: /CSV/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the analysis cannot be loaded', async () => {
    fakeApi({});
    renderConsole(<ItemAnalysisPage testId={31} />);
    expect(await screen.findByText('Non è stato possibile caricare l’analisi.')).toBeTruthy();
  });
});

describe('AgreementSection', () => {
  const agreement: AgreementAnswer = {
    campaignId: 5,
    threshold: 3,
    scalePoints: 5,
    questions: [
      { id: 1, text: 'Ascolta', relations: [{ relationId: 2, label: 'Collega', groups: 4, ratings: 14, rwg: 0.6667, sd: 0.8165 }] },
    ],
  };

  it("shows each relation group's rwg and SD, with the threshold", async () => {
    fakeApi({ 'GET /api/staff/campaigns/5/agreement': { body: agreement } });
    renderConsole(<AgreementSection campaignId={5} />);
    const row = await screen.findByRole('row', { name: /Ascolta/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Collega', '4', '0,67', '0,82']);
    expect(screen.getByText(/almeno 3 valutatori/)).toBeTruthy();
  });

  it('appears on a 360 campaign’s page, and links the campaign’s QTI tests to their analysis', async () => {
    const campaign = openCampaign([{ id: 31, abbreviation: 'LOG', name: 'Logica', assessorTest: false, packageKind: 'qti' }], {
      invited: 0,
      finished: 0,
      started: 0,
    });
    campaign.campaign.is360 = true;
    fakeApi({
      'GET /api/staff/campaigns/5': { body: campaign },
      'GET /api/staff/campaigns/5/agreement': { body: { ...agreement, questions: [] } },
    });
    renderConsole(<CampaignPage campaignId={5} />);
    expect(await screen.findByRole('heading', { name: 'Accordo tra valutatori (360)' })).toBeTruthy();
    expect(await screen.findByText('Nessun gruppo di relazione ha ancora abbastanza valutatori.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Analisi degli item di Logica' }).getAttribute('href')).toBe(
      '/console/tests/31/analysis?campaigns=5',
    );
  });
});
