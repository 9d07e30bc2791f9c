import { describe, expect, it } from 'vitest';
import { reportModelOf } from './report-model';

const model = (name: string) =>
  JSON.stringify({ areas: [{ id: 1, name: { IT_it: name }, inProfile: true, feedback: {} }], skills: [], markers: [], tasks: [] });

describe("a campaign's report model", () => {
  it('is read once per text, and a changed model is read anew', () => {
    const first = reportModelOf(model('Relazioni'));
    expect(first.areas.map((a) => a.name)).toEqual([{ IT_it: 'Relazioni' }]);
    expect(reportModelOf(model('Relazioni'))).toBe(first);
    // The staff imported the campaign again with another model: its reports read the new one at once.
    expect(reportModelOf(model('Comunicazione')).areas[0].name).toEqual({ IT_it: 'Comunicazione' });
  });

  it('is shared, so nothing can change it', () => {
    const shared = reportModelOf(model('Leadership'));
    expect(() => shared.areas.push(shared.areas[0])).toThrow(TypeError);
    expect(() => Object.assign(shared.areas[0], { inProfile: false })).toThrow(TypeError);
    expect(reportModelOf(model('Leadership')).areas).toHaveLength(1);
  });

  it('reads as the empty model when missing or broken', () => {
    for (const text of [null, 'not json', '{"areas": 3}']) expect(reportModelOf(text)).toEqual(reportModelOf(null));
    expect(reportModelOf(null).markers).toEqual([]);
  });
});
