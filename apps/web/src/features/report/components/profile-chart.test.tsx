// @vitest-environment jsdom
import type { ReportArea } from '@prova/contract/reports';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '@/testing/render';
import { ProfileChart, wrapLabel } from './profile-chart';

const area = (id: number, name: string, value: number): ReportArea => ({ id, name, value, feedback: '', inProfile: true });
const areas = [area(1, 'Pensiero', 5), area(2, 'Relazione', 2.5), area(3, 'Azione', 0), area(4, 'Motivazione', 3.75)];

/** The vertices of an SVG path as d3 writes it (M x,y L x,y ... Z). */
function vertices(path: Element | null): [number, number][] {
  return [...(path?.getAttribute('d') ?? '').matchAll(/[ML](-?[\d.e-]+),(-?[\d.e-]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}
const distance = ([x, y]: [number, number]) => Math.hypot(x, y);

/** The wide drawing, or the compact one that phones show. */
function drawing(shape: 'wide' | 'compact' = 'wide') {
  const figure = screen.getByRole('figure', { name: /^Grafico radar del profilo/ });
  const svg = figure.querySelector(`.report-chart__drawing--${shape} svg`);
  if (!svg) throw new Error('no drawing');
  return { figure, svg };
}

describe('ProfileChart', () => {
  it('names each axis after its area, clockwise from the top, in a drawing hidden from assistive technology', () => {
    renderWithTexts(<ProfileChart areas={areas} />);
    const { figure, svg } = drawing();
    expect(svg.closest('[aria-hidden="true"]')).not.toBeNull();
    const labels = [...svg.querySelectorAll('.report-chart__axes text')];
    expect(labels.map((label) => label.textContent)).toEqual(['Pensiero', 'Relazione', 'Azione', 'Motivazione']);
    // Top, right, bottom, left.
    expect(labels.map((label) => label.getAttribute('text-anchor'))).toEqual(['middle', 'start', 'middle', 'end']);
    expect(svg.querySelectorAll('.report-chart__grid line')).toHaveLength(4);
    // The text alternative: a table of the same values.
    expect(
      within(figure)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['AreaPunteggio', 'Pensiero5,00 su 5', 'Relazione2,50 su 5', 'Azione0,00 su 5', 'Motivazione3,75 su 5']);
  });

  it('draws the values as a polygon with one point per area, on a grid of the levels 1..5', () => {
    renderWithTexts(<ProfileChart areas={areas} />);
    const { svg } = drawing();
    const rings = [...svg.querySelectorAll('.report-chart__grid path')].map((ring) => vertices(ring));
    expect(rings).toHaveLength(5);
    const outer = distance(rings[4]![0]!);
    expect(rings.map((ring) => ring.map((point) => distance(point) / outer))).toEqual(
      [1, 2, 3, 4, 5].map((level) => Array.from({ length: 4 }, () => expect.closeTo(level / 5, 6))),
    );
    expect([...svg.querySelectorAll('.report-chart__levels text')].map((level) => level.textContent)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);

    const value = vertices(svg.querySelector('.report-chart__value'));
    expect(value.map((point) => distance(point) / outer)).toEqual([1, 0.5, 0, 0.75].map((share) => expect.closeTo(share, 6)));
    // Pensiero at the top, Relazione to the right.
    expect(value[0]![1]).toBeLessThan(0);
    expect(value[1]![0]).toBeGreaterThan(0);
  });

  it('wraps a long name beside the drawing, shortening what does not fit; the full name stays in the table', () => {
    const long = 'Orientamento al risultato e alla qualità del lavoro svolto';
    renderWithTexts(<ProfileChart areas={[area(1, 'Pensiero', 4), area(2, long, 3), area(3, 'Azione', 2)]} />);
    const { figure, svg } = drawing();
    const lines = [...svg.querySelectorAll('.report-chart__axes text')][1]!.querySelectorAll('tspan');
    expect([...lines].map((line) => line.textContent)).toEqual(['Orientamento al', 'risultato e alla', 'qualità del lavor…']);
    // A phone's drawing is narrower in its own units (so that it is not scaled down to small print): shorter lines.
    const compact = [...drawing('compact').svg.querySelectorAll('.report-chart__axes text')][1]!.querySelectorAll('tspan');
    expect([...compact].map((line) => line.textContent)).toEqual(['Orientamento', 'al risultato', 'e alla qual…']);
    expect(svg.querySelector('.report-chart__axes title')?.parentElement?.textContent).toContain('Pensiero');
    expect(within(figure).getByRole('rowheader', { name: long })).toBeTruthy();
  });
});

describe('wrapLabel', () => {
  it('keeps short names whole and cuts a word longer than a line', () => {
    expect(wrapLabel('Azione', 10)).toEqual(['Azione']);
    expect(wrapLabel('Problem solving', 10)).toEqual(['Problem', 'solving']);
    expect(wrapLabel('Collaborazione', 10)).toEqual(['Collabora…']);
  });
});
