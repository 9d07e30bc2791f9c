import type itReport from '@prova/contract/locales/it/report.json';
import type itConsole from '../locales/it/console.json';
import type itMyData from '../locales/it/my-data.json';
import type itPrivacy from '../locales/it/privacy.json';
import type it from '../locales/it/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof it;
      report: typeof itReport;
      console: typeof itConsole;
      myData: typeof itMyData;
      privacy: typeof itPrivacy;
    };
  }
}
