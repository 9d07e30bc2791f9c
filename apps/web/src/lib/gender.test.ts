// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { genderOf } from './gender';
import { i18n, loadUiLang } from './i18n';
import '@/locales/it/agenda';
import '@/locales/it/campaigns';
import '@/locales/it/test-container';

beforeAll(() => Promise.all([loadUiLang('en'), loadUiLang('es')]));

// Any key ('namespace:key' for a screen's), as the checks below name them: the typed t() knows only literal ones.
const say = (lang: string, key: string, gender: 'F' | 'M' | null) =>
  (i18n.getFixedT(lang) as (key: string, options: object) => string)(key, genderOf({ gender }));

describe('texts that agree with the person', () => {
  it("follow a known gender in Italian and Spanish, and keep the spec's words otherwise", () => {
    expect(say('it', 'campaigns:campaigns.welcome', 'F')).toBe('Benvenuta');
    expect(say('it', 'campaigns:campaigns.welcome', 'M')).toBe('Benvenuto');
    expect(say('it', 'campaigns:campaigns.welcome', null)).toBe('Benvenuto');
    expect(say('it', 'testContainer:testContainer.exit.title', 'F')).toBe('Sei sicura di uscire?');
    expect(say('it', 'testContainer:testContainer.exit.title', 'M')).toBe('Sei sicuro di uscire?');
    expect(say('it', 'testContainer:testContainer.exit.title', null)).toBe('Sei sicuro/a di uscire?');
    expect(say('es', 'campaigns:campaigns.welcome', 'F')).toBe('Bienvenida');
    expect(say('es', 'agenda:agenda.tutorialTitle', 'F')).toBe('Bienvenida a tu agenda');
  });

  it('leave a language without grammatical gender as it is', () => {
    expect(say('en', 'campaigns:campaigns.welcome', 'F')).toBe(say('en', 'campaigns:campaigns.welcome', null));
  });
});
