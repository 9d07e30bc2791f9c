// The host's schemas use zod/mini, as the contract does: the web app loads both, and classic zod there would bring all
// of zod into the first screen (docs/performance.md, "Front-end budgets"). zod/mini has no messages of its own; the
// activities get these in their errors: classic zod's English ones.
import { en } from 'zod/locales';
import { z } from 'zod/mini';

z.config(en());

export { z };
