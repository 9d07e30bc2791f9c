import { HttpError } from '../../../http/http-error';

// Not yet (the download rules, nothing to show): a 409, which no client takes for an ended session as it would a 403.
export const reportNotAvailable = () => new HttpError(409, 'REPORT_NOT_AVAILABLE', 'The report is not available yet');
