// Entry of dist/prova-activity.js: a plain script that defines the global ProvaActivity.
import { ProvaActivity, ProvaError } from './index';

Object.assign(globalThis, { ProvaActivity, ProvaError });
