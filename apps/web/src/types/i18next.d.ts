import type itReport from '@prova/contract/locales/it/report.json';
import type itAgenda from '../locales/it/agenda.json';
import type itAssessor from '../locales/it/assessor.json';
import type itCampaigns from '../locales/it/campaigns.json';
import type itChallenge from '../locales/it/challenge.json';
import type itConsole from '../locales/it/console.json';
import type itFeedback360 from '../locales/it/feedback360.json';
import type itMyData from '../locales/it/my-data.json';
import type itPassword from '../locales/it/password.json';
import type itPrivacy from '../locales/it/privacy.json';
import type itRoom from '../locales/it/room.json';
import type itSso from '../locales/it/sso.json';
import type itTestContainer from '../locales/it/test-container.json';
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
      agenda: typeof itAgenda;
      assessor: typeof itAssessor;
      campaigns: typeof itCampaigns;
      challenge: typeof itChallenge;
      feedback360: typeof itFeedback360;
      password: typeof itPassword;
      room: typeof itRoom;
      sso: typeof itSso;
      testContainer: typeof itTestContainer;
    };
  }
}
