import { type AuthoredTest, authoredTestSchema } from '@prova/contract/authored-test';

// A test of every kind the console writes, in two languages, for the author's tests.

const both = (it: string, en: string) => ({ IT_it: it, EN_en: en });

export const everyKind: AuthoredTest = authoredTestSchema.parse({
  title: both('Prova scritta in console', 'A test written in the console'),
  languages: ['IT_it', 'EN_en'],
  timeLimitMinutes: 15,
  sections: [
    {
      title: both('Scelte', 'Choices'),
      items: [
        {
          kind: 'single-choice',
          id: 'capital',
          prompt: both("Qual è la capitale d'Italia?", 'Which is the capital of Italy?'),
          shuffle: true,
          options: [
            { id: 'rome', text: both('Roma', 'Rome'), points: 3 },
            { id: 'milan', text: both('Milano', 'Milan'), points: 1 },
            { id: 'turin', text: both('Torino & <dintorni>', 'Turin & "around"'), points: 0 },
          ],
        },
        {
          kind: 'multiple-choice',
          id: 'primes',
          prompt: both('Quali sono primi?', 'Which are prime?'),
          options: [
            { id: 'two', text: both('2', '2'), points: 2 },
            { id: 'three', text: both('3', '3'), points: 2 },
            { id: 'four', text: both('4', '4'), points: -1 },
          ],
        },
        { kind: 'true-false', id: 'sun', prompt: both('Il sole è una stella.', 'The sun is a star.'), answer: true, points: 2 },
        { kind: 'true-false', id: 'moon', prompt: both('La luna è una stella.', 'The moon is a star.'), answer: false, points: 1 },
      ],
    },
    {
      title: both('Risposte aperte', 'Open answers'),
      items: [
        {
          kind: 'text-entry',
          id: 'river',
          prompt: both('Il fiume di Roma?', 'The river of Rome?'),
          answers: ['Tevere', 'Tiber'],
          points: 4,
        },
        {
          kind: 'text-entry',
          id: 'symbol',
          prompt: both('Simbolo del sodio?', 'Symbol of sodium?'),
          answers: ['Na'],
          caseSensitive: true,
          points: 1,
        },
        {
          kind: 'numeric-entry',
          id: 'pi',
          prompt: both('Quanto vale pi greco?\nDue decimali.', 'What is pi?\nTwo decimals.'),
          answer: 3.14,
          tolerance: 0.01,
          points: 5,
        },
        {
          kind: 'likert',
          id: 'teamwork',
          prompt: both('Lavoro bene in gruppo.', 'I work well in a team.'),
          options: [
            { id: 'disagree', text: both('In disaccordo', 'Disagree'), points: 0 },
            { id: 'neutral', text: both('Neutrale', 'Neutral'), points: 1 },
            { id: 'agree', text: both("D'accordo", 'Agree'), points: 2 },
          ],
        },
        { kind: 'extended-text', id: 'story', prompt: both('Racconta un successo.', 'Tell of a success.'), points: 3 },
      ],
    },
  ],
});
