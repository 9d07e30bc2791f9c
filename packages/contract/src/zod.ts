// The contract's zod: zod/mini, whose functional API lets the web app's bundler keep only what its schemas use (classic
// zod's methods bring everything along: docs/performance.md, "Front-end budgets"). zod/mini has no messages of its own;
// classic zod sets English, and the API's answers and the activities' errors carry these messages: English here too.
import { en } from 'zod/locales';
import { z } from 'zod/mini';

z.config(en());

export { z };
