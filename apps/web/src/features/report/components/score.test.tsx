// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '@/testing/render';
import { Score } from './score';

describe('<Score>', () => {
  it('colours each bar by its band and says the band in words beside it', () => {
    const { container } = renderWithTexts(
      <>
        <Score value={1.5} />
        <Score value={2.93} />
        <Score value={3.2} />
        <Score value={4.06} />
      </>,
    );
    const scores = [...container.querySelectorAll('.score')];
    expect(scores.map((score) => score.className)).toEqual([
      'score score--band-1',
      'score score--band-2',
      'score score--band-3',
      'score score--band-4',
    ]);
    expect(scores.map((score) => score.querySelector('.score__band')?.textContent)).toEqual([
      'Presidio insufficiente',
      'Presidio sufficiente',
      'Presidio buono',
      'Presidio ottimo',
    ]);
    expect(scores[1]!.textContent).toBe('2,93 su 5 · Presidio sufficiente');
  });
});
