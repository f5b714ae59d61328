// The drill's command line, read once for every module (usage in index.mts).
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    'per-form': { type: 'string' },
    scale: { type: 'string' },
    port: { type: 'string', default: '3240' },
    quick: { type: 'boolean', default: false },
    json: { type: 'string' },
    // The editor's worst day with only some of its actions (editors-day.mts): a comma-separated list of
    // downloads, uploads, publishes, api (the stranger on the CMS's API), pay (on the pay link).
    only: { type: 'string' },
  },
});
export const quick = args.quick;
// Generated submissions per form, and how many times each targeted attempt is repeated.
export const perForm = Number(args['per-form'] ?? (quick ? 40 : 2000));
export const scale = Number(args.scale ?? (quick ? 2 : 20));
export const port = Number(args.port);
export const base = `http://127.0.0.1:${port}`;
export const reportFile = args.json;
const DAY_ACTIONS = ['downloads', 'uploads', 'publishes', 'api', 'pay'];
export const dayOnly = args.only ? args.only.split(',').map((name) => name.trim()) : null;
const unknown = dayOnly?.filter((name) => !DAY_ACTIONS.includes(name)) ?? [];
if (unknown.length > 0 || dayOnly?.length === 0) {
  console.error(`--only takes a comma-separated list of ${DAY_ACTIONS.join(', ')}; not: ${unknown.join(', ')}`);
  process.exit(2);
}
// The rate-limit servers' allowance per minute, address and form.
export const LIMIT = 3;
// Staff sign-in requests per address in 15 minutes (STAFF_SIGN_IN_LIMIT; a client gets four times as
// many). Above the default of 5: every class signs in from this one client, and with 5 the last
// classes' sign-ins were refused once the earlier ones had taken the client's 20.
export const SIGN_IN_LIMIT = 8;
