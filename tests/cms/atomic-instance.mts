// The CMS on the Postgres of CMS_DATABASE_URL, in a process of its own (tests/cms/atomic.test.ts):
// runs tests/cms/atomic.ts there and prints its result as JSON on its last line.
import { cms } from '@/lib/cms';

import { atomicWrites } from './atomic';

const payload = await cms();
console.log(JSON.stringify(await atomicWrites(payload)));
await payload.destroy();
process.exit(0);
