import { DEFAULT_AGENDA_MONTH, type CampaignLayout, type LayoutLink } from '@prova/contract/layouts';
import type { Gender } from '@prova/contract/gendered-text';
import { pickLang } from './localize';

type Raw = Record<string, unknown>;
const asObject = (value: unknown): Raw => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The month an agenda shows: the data's `month` when it is one, else the spec's November 2021. */
export function agendaMonthOf(data: Record<string, unknown>): string {
  return typeof data.month === 'string' && /^\d{4}-\d{2}$/.test(data.month) ? data.month : DEFAULT_AGENDA_MONTH;
}

/** The layout data of an agenda or challenge campaign in `lang`; what the bundle left out is empty, never an error. */
export function presentLayout(theme: string, layoutData: unknown, lang: string, gender?: Gender): CampaignLayout {
  const data = asObject(layoutData);
  const text = (value: unknown) => (value === undefined || value === null ? '' : pickLang(value, lang, gender));
  const links = (value: unknown): LayoutLink[] =>
    asArray(value).map((item) => {
      const link = asObject(item);
      return { label: text(link.label), url: typeof link.url === 'string' ? link.url : '', description: text(link.description) };
    });
  if (theme === 'agenda') {
    return { kind: 'agenda', month: agendaMonthOf(data), tutorialVideo: typeof data.tutorialVideo === 'string' ? data.tutorialVideo : '' };
  }
  if (theme === 'challenge') {
    const sections = asObject(data.sections);
    const order = asArray(data.order).filter((id): id is string => typeof id === 'string');
    const siteLinks = asObject(data.links);
    return {
      kind: 'challenge',
      title: text(data.title),
      sections: (order.length ? order : Object.keys(sections)).map((id) => {
        const section = asObject(sections[id]);
        return {
          id,
          name: text(section.name),
          description: text(section.description),
          motivation: text(section.motivation),
          tests: asArray(section.tests).filter((t): t is number => Number.isInteger(t)),
          links: links(section.links),
        };
      }),
      intro: text(data.intro),
      outro: text(data.outro),
      links: { corporate: links(siteLinks.corporate), news: links(siteLinks.news), cards: links(siteLinks.cards) },
    };
  }
  return null;
}
