import { SELF_RELATION_ID } from '@prova/contract/feedback360';
import { describe, expect, it } from 'vitest';
import { campaignContentOf } from '../../repositories/campaigns-repository';
import { presentLabels, questionnaireFor } from './questionnaire';

// The 360's words follow the person they are about: the colleague evaluated, or oneself in a self-evaluation.
const campaign = {
  // As the campaign's repository gives them, read from the stored text.
  ...campaignContentOf({
    model: null,
    scale360: null,
    questions360: JSON.stringify({
      closed: [
        {
          id: 1,
          text: 'Tende a lavorare [[da solo|da sola|per conto proprio]].',
          selfText: 'Sono [[attento|attenta|attento o attenta]] agli altri.',
        },
      ],
      open: [{ id: 90, text: 'Cosa [[lo|la|lo o la]] aiuterebbe?' }],
    }),
  }),
  range360_num: 6,
};
const COLLEAGUE = 2;

describe('the 360 questionnaire', () => {
  it('speaks of the person evaluated in their gender, or neutrally when it is not known', () => {
    const texts = (gender: 'M' | 'F' | null) => {
      const q = questionnaireFor(campaign, COLLEAGUE, 'IT_it', gender);
      return [q.closed[0]!.text, q.open[0]!.text];
    };
    expect(texts('M')).toEqual(['Tende a lavorare da solo.', 'Cosa lo aiuterebbe?']);
    expect(texts('F')).toEqual(['Tende a lavorare da sola.', 'Cosa la aiuterebbe?']);
    expect(texts(null)).toEqual(['Tende a lavorare per conto proprio.', 'Cosa lo o la aiuterebbe?']);
  });

  it('asks oneself in the first person and in one’s own gender', () => {
    expect(questionnaireFor(campaign, SELF_RELATION_ID, 'IT_it', 'M').closed[0]!.text).toBe('Sono attento agli altri.');
    expect(questionnaireFor(campaign, SELF_RELATION_ID, 'IT_it', 'F').closed[0]!.text).toBe('Sono attenta agli altri.');
  });

  it("explains the 360 to the evaluator in the evaluator's gender", () => {
    const stored = [{ lang: 'IT_it', details_360: 'Il punto di vista dei colleghi e [[di te stesso|di te stessa|il tuo]].' }];
    expect(presentLabels(stored, 'IT_it', 'F').details_360).toBe('Il punto di vista dei colleghi e di te stessa.');
    expect(presentLabels(stored, 'IT_it', null).details_360).toBe('Il punto di vista dei colleghi e il tuo.');
  });
});
