import { REPORT_TEXT_FORMATS } from '@prova/contract/report-texts';
import i18n from 'i18next';

// The Italian article before a number ({{p, del}}: "dell'88"), as the server's PDF writes it (packages/contract).
// Imported by the components whose texts use it, not by the shell: the sign-in page has no such text.
for (const [name, format] of Object.entries(REPORT_TEXT_FORMATS)) i18n.services.formatter?.add(name, format);
