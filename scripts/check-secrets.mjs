#!/usr/bin/env node
// Builds the site with dummy secrets in the environment, then searches everything a browser can
// fetch (.next/static, the prerendered pages and their RSC payloads) for them. Exits 1 on a leak.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const secrets = {
  RECAPTCHA_SECRET_KEY: 'dummy-recaptcha-secret-5f1c2a',
  SMTP_URL: 'smtps://mailer:dummy-smtp-password-8e3b7d@smtp.invalid:465',
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
    type: 'service_account',
    project_id: 'dummy-project',
    client_email: 'dummy-leak-check@dummy-project.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\\ndummy-private-key-material-4a9e\\n-----END PRIVATE KEY-----\\n',
  }),
  MAILCHIMP_SUBSCRIBE_URL:
    'https://dummy.us1.list-manage.com/subscribe/post-json?u=dummy-mailchimp-u-77c1&id=dummy-list-0b2f',
  LINK_SECRET: 'dummy-link-secret-3d6f0b-padded-to-32-characters',
  PAYSTACK_SECRET_KEY: 'sk_test_dummypaystack9c4e71',
};
const needles = [
  'dummy-recaptcha-secret-5f1c2a',
  'dummy-smtp-password-8e3b7d',
  'dummy-private-key-material-4a9e',
  'dummy-leak-check@',
  'dummy-mailchimp-u-77c1',
  'dummy-link-secret-3d6f0b',
  'dummypaystack9c4e71',
];

const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only', '--force'], {
  stdio: 'inherit',
  // The build must not need them; they are set to prove none of them ends up in what it produces.
  // SITE_TODAY: the browser tests' date (playwright.config.ts), so that they reuse this build.
  env: { ...process.env, ...secrets, SITE_TODAY: '2023-03-01', NEXT_TELEMETRY_DISABLED: '1', BUILD_CACHE: 'off' },
});
if (build.status !== 0) process.exit(build.status ?? 1);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const browserFacing = [
  ...files('.next/static'),
  ...[...files('.next/server/app')].filter((f) => /\.(html|rsc|body|meta)$/.test(f)),
];
const leaks = [];
for (const file of browserFacing) {
  const text = readFileSync(file, 'latin1');
  for (const needle of needles) if (text.includes(needle)) leaks.push(`${file}: ${needle}`);
}
console.log(`secret scan: ${browserFacing.length} browser-facing files searched for ${needles.length} dummy secrets`);
if (leaks.length) {
  console.error(`SECRETS LEAKED:\n${leaks.join('\n')}`);
  process.exit(1);
}
console.log('secret scan: none found');
