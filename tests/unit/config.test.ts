/** @jest-environment node */
import { buildSiteUrl, cmsSettings, ownOrigin, readConfig } from '@/lib/config';

describe('readConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = readConfig({});
    expect(config.store).toEqual({ kind: 'sqlite' });
    expect(config.newsletter).toEqual({ kind: 'local' });
    expect(config.recaptcha).toBeNull();
    expect(config.rateLimitPerMinute).toBe(5);
    expect(config.dataDir).toMatch(/\/var$/);
    expect(config.trustedProxy).toEqual({ trustedHops: 0, header: 'x-forwarded-for' });
    expect(config.rateLimitIpv6Prefix).toBe(64);
    expect(config.hsts).toEqual({ maxAge: 63_072_000, includeSubDomains: false });
  });

  it.each([
    [{ STORE: 'postgres' }, 'STORE must be "sqlite" or "firestore"'],
    [{ STORE: 'firestore' }, 'FIRESTORE_PROJECT_ID is required'],
    [{ FIRESTORE_PROJECT_ID: 'baobab' }, 'Firestore needs credentials'],
    [
      { FIRESTORE_PROJECT_ID: 'baobab', FIREBASE_SERVICE_ACCOUNT: '{not json' },
      'FIREBASE_SERVICE_ACCOUNT must be a service-account key JSON',
    ],
    [{ RECAPTCHA_SECRET_KEY: 'secret' }, 'NEXT_PUBLIC_RECAPTCHA_SITE_KEY: reCAPTCHA needs both'],
    [{ RECAPTCHA_MIN_SCORE: '2' }, 'RECAPTCHA_MIN_SCORE must be a number from 0 to 1'],
    [{ RECAPTCHA_VERIFY_URL: 'not a url' }, 'RECAPTCHA_VERIFY_URL must be a full URL'],
    [{ NEWSLETTER_PROVIDER: 'mailchimp' }, 'MAILCHIMP_SUBSCRIBE_URL is required'],
    [{ MAILCHIMP_API_KEY: 'not-a-key' }, 'MAILCHIMP_API_KEY must be a Mailchimp API key'],
    [{ MAILCHIMP_API_KEY: '0123456789abcdef0123456789abcdef-us21' }, 'MAILCHIMP_LIST_ID is required'],
    [{ MAILCHIMP_WEBHOOK_SECRET: 'short', MAILCHIMP_LIST_ID: 'abc' }, 'MAILCHIMP_WEBHOOK_SECRET must be 24 to 200'],
    [{ MAILCHIMP_WEBHOOK_SECRET: 'x'.repeat(32) }, 'MAILCHIMP_LIST_ID is required'],
    [{ MAILCHIMP_API_URL: 'http://127.0.0.1:1/3.0', MAILCHIMP_LIST_ID: 'abc' }, 'MAILCHIMP_API_URL is set but'],
    [{ RATE_LIMIT_PER_MINUTE: 'lots' }, 'RATE_LIMIT_PER_MINUTE must be a number'],
    [{ NEXT_PUBLIC_ANALYTICS_SRC: 'javascript:alert(1)' }, 'NEXT_PUBLIC_ANALYTICS_SRC: it must be a full http(s) URL'],
    [{ TRUSTED_PROXY_HOPS: '1.5' }, 'TRUSTED_PROXY_HOPS must be a whole number'],
    [{ TRUSTED_PROXY_HOPS: '-1' }, 'TRUSTED_PROXY_HOPS must be a number from 0 to 10'],
    [{ TRUSTED_PROXY_HEADER: 'forwarded' }, 'TRUSTED_PROXY_HEADER must be'],
    [{ RATE_LIMIT_IPV6_PREFIX: '16' }, 'RATE_LIMIT_IPV6_PREFIX must be a number from 32 to 128'],
    [{ RATE_LIMIT_IPV6_PREFIX: '56.5' }, 'RATE_LIMIT_IPV6_PREFIX must be a whole number'],
    [{ HSTS_MAX_AGE: '-1' }, 'HSTS_MAX_AGE must be a number from 0'],
    [{ HSTS_INCLUDE_SUBDOMAINS: 'maybe' }, 'HSTS_INCLUDE_SUBDOMAINS must be true or false'],
    [{ TRUSTED_PROXY_HEADER: 'x-real-ip' }, 'TRUSTED_PROXY_HEADER "x-real-ip" needs TRUSTED_PROXY_HOPS=1'],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('switches each part on from its variables', () => {
    const config = readConfig({
      FIRESTORE_PROJECT_ID: 'baobab',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      RECAPTCHA_SECRET_KEY: 's',
      NEXT_PUBLIC_RECAPTCHA_SITE_KEY: 'k',
      RECAPTCHA_MIN_SCORE: '0.7',
      NEWSLETTER_PROVIDER: 'mailchimp',
      MAILCHIMP_SUBSCRIBE_URL: 'https://example.us1.list-manage.com/subscribe/post-json?u=a&id=b',
    });
    expect(config.store).toMatchObject({ kind: 'firestore', projectId: 'baobab', emulatorHost: '127.0.0.1:8080' });
    expect(config.recaptcha).toMatchObject({
      minScore: 0.7,
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    });
    expect(config.newsletter.kind).toBe('mailchimp');
    // The sign-up form's audience, with neither the API nor the webhook until their settings are given.
    expect(config.mailchimp).toEqual({ listId: 'b', api: null, webhookSecret: null });
  });

  it('reads the Mailchimp API from its key, whose end names the data centre', () => {
    const { mailchimp } = readConfig({
      NEWSLETTER_PROVIDER: 'mailchimp',
      MAILCHIMP_SUBSCRIBE_URL: 'https://example.us21.list-manage.com/subscribe/post-json?u=a&id=list1',
      MAILCHIMP_API_KEY: '0123456789abcdef0123456789abcdef-us21',
      MAILCHIMP_WEBHOOK_SECRET: 'w'.repeat(32),
    });
    expect(mailchimp).toEqual({
      listId: 'list1',
      api: { key: '0123456789abcdef0123456789abcdef-us21', baseUrl: 'https://us21.api.mailchimp.com/3.0' },
      webhookSecret: 'w'.repeat(32),
    });
    expect(
      readConfig({
        MAILCHIMP_API_KEY: '0123456789abcdef0123456789abcdef-us21',
        MAILCHIMP_API_URL: 'http://127.0.0.1:4010/3.0/',
        MAILCHIMP_LIST_ID: 'other',
      }).mailchimp,
    ).toMatchObject({ listId: 'other', api: { baseUrl: 'http://127.0.0.1:4010/3.0' } });
  });

  it('reads the IPv6 unit of the rate limit and the HSTS header', () => {
    const config = readConfig({ RATE_LIMIT_IPV6_PREFIX: '56', HSTS_MAX_AGE: '0', HSTS_INCLUDE_SUBDOMAINS: 'true' });
    expect(config.rateLimitIpv6Prefix).toBe(56);
    expect(config.hsts).toEqual({ maxAge: 0, includeSubDomains: true });
  });

  it('reads the proxies in front', () => {
    expect(readConfig({ TRUSTED_PROXY_HOPS: '1', TRUSTED_PROXY_HEADER: 'x-real-ip' }).trustedProxy).toEqual({
      trustedHops: 1,
      header: 'x-real-ip',
    });
  });
});

describe('buildSiteUrl', () => {
  it('checks SITE_URL alone, so a build needs none of the runtime settings to be whole', () => {
    expect(buildSiteUrl({ SITE_URL: 'https://baobabdata.org/', RECAPTCHA_SECRET_KEY: 'half a pair' })).toBe(
      'https://baobabdata.org',
    );
    expect(buildSiteUrl({})).toBe('http://localhost:3000');
    expect(() => buildSiteUrl({ SITE_URL: 'baobabdata.org' })).toThrow('SITE_URL must be a full URL');
  });
});

describe('the site address mailed links use', () => {
  it('is SITE_URL when set, and without it this server on the port it listens on', () => {
    expect(readConfig({ SITE_URL: 'https://baobabdata.org/' }).siteUrl).toBe('https://baobabdata.org');
    expect(readConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(readConfig({}).siteUrl).toBe('http://localhost:3000');
    expect(readConfig({ PORT: 'x' }).siteUrl).toBe('http://localhost:3000');
  });
});

describe('ownOrigin', () => {
  it('is the address Next says it listens on, else the loopback on its port, else unknown', () => {
    expect(ownOrigin({ __NEXT_PRIVATE_ORIGIN: 'http://localhost:3000', PORT: '3000' })).toBe('http://localhost:3000');
    expect(ownOrigin({ PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(ownOrigin({})).toBeUndefined();
  });
});

describe('cmsSettings', () => {
  it('reads the CMS’s settings alone, so a build with other settings unfinished still loads the CMS', () => {
    const env = { RECAPTCHA_SECRET_KEY: 'secret', DATA_DIR: '/tmp/cms-data', CMS_SECRET: 'x'.repeat(32) };
    expect(() => readConfig(env)).toThrow('reCAPTCHA needs both');
    expect(cmsSettings(env)).toEqual({
      dataDir: '/tmp/cms-data',
      cms: { databaseUrl: undefined, secret: 'x'.repeat(32), mediaDir: '/tmp/cms-data/media', bucket: undefined },
    });
    // Uploaded pictures go to a folder of their own when one is named (several instances share it).
    expect(cmsSettings({ ...env, CMS_MEDIA_DIR: '/srv/shared/media' }).cms.mediaDir).toBe('/srv/shared/media');
  });

  it('refuses what the full check refuses about the CMS', () => {
    expect(() => cmsSettings({ CMS_SECRET: 'short' })).toThrow('CMS_SECRET must be at least 32 characters');
    expect(() => cmsSettings({ CMS_DATABASE_URL: 'mysql://x' })).toThrow('CMS_DATABASE_URL must be a Postgres');
    expect(() => readConfig({ CMS_SECRET: 'short' })).toThrow('CMS_SECRET must be at least 32 characters');
  });

  const bucket = {
    MEDIA_S3_BUCKET: 'baobab-media',
    MEDIA_S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
    MEDIA_S3_REGION: 'eu-west-1',
    MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps the pictures in a bucket when all of its settings are given, in the folder when none is', () => {
    expect(cmsSettings(bucket).cms.bucket).toEqual({
      bucket: 'baobab-media',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(cmsSettings({ ...bucket, MEDIA_S3_FORCE_PATH_STYLE: 'true' }).cms.bucket?.forcePathStyle).toBe(true);
    expect(readConfig(bucket).cms.bucket?.bucket).toBe('baobab-media');
    expect(cmsSettings({ MEDIA_S3_BUCKET: '' }).cms.bucket).toBeUndefined();
  });

  it('refuses half a bucket, naming what is missing, and settings that are not a bucket’s', () => {
    const { MEDIA_S3_SECRET_ACCESS_KEY: _secret, MEDIA_S3_REGION: _region, ...half } = bucket;
    expect(() => cmsSettings(half)).toThrow(
      'MEDIA_S3_REGION, MEDIA_S3_SECRET_ACCESS_KEY: pictures in a bucket need all of',
    );
    expect(() => readConfig(half)).toThrow('MEDIA_S3_REGION, MEDIA_S3_SECRET_ACCESS_KEY');
    expect(() => cmsSettings({ MEDIA_S3_FORCE_PATH_STYLE: 'true' })).toThrow('MEDIA_S3_BUCKET, MEDIA_S3_ENDPOINT');
    expect(() => cmsSettings({ ...bucket, MEDIA_S3_ENDPOINT: 's3.amazonaws.com' })).toThrow(
      'MEDIA_S3_ENDPOINT must be the service',
    );
    expect(() => cmsSettings({ ...bucket, MEDIA_S3_BUCKET: 'Baobab_Media' })).toThrow('MEDIA_S3_BUCKET must be');
    expect(() => cmsSettings({ ...bucket, MEDIA_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      'MEDIA_S3_FORCE_PATH_STYLE must be true or false',
    );
  });
});
