// A site that has run, in a process of its own (tests/integration/operator-commands.test.ts): it starts the
// CMS as the production server does (NODE_ENV=production: its migrations, then the seed of data/ into an
// empty database), opens the store and takes one contact message, says "ready", and keeps both open, as
// a running server does, until SIGTERM.
import { cms } from '@/lib/cms';
import { getStore } from '@/lib/storage';

const payload = await cms();
const store = getStore();
await store.add('contact', {
  name: 'Ada',
  email: 'ada@example.org',
  message: 'Hello from a live site',
  date: Date.UTC(2026, 5, 1),
});
// Payload started lazily would not hold its database yet: one read keeps the connection open, as pages do.
await payload.count({ collection: 'events' });
console.log('ready');

const keepAlive = setInterval(() => {}, 60_000);
process.once('SIGTERM', () => {
  clearInterval(keepAlive);
  void Promise.all([store.close(), payload.destroy()]).finally(() => process.exit(0));
});
