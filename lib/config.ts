import { join, resolve } from 'node:path';

import type { ServiceAccount } from 'firebase-admin/app';
import { z } from 'zod';

import { contactInfo, site } from '@/data/site';

import { PAYMENT_CURRENCIES, SITE_TIME_ZONE } from './constants';
import { readPublicConfig } from './public-config';
import { singleton } from './singletons';

// Every environment variable the server reads, checked once. With none set the site runs on its
// embedded defaults: SQLite and mail files under ./var, a local newsletter list, the bot check off.
// Together with lib/public-config.ts (what the browser may see) this is the only code that reads the
// environment: everything else asks `config()`.
const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const url = (name: string) =>
  optional.refine((v) => v === undefined || URL.canParse(v), {
    message: `${name} must be a full URL such as https://…`,
  });
const number = (name: string, min: number, max: number) =>
  optional
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .refine((v) => v === undefined || (Number.isFinite(v) && v >= min && v <= max), {
      message: `${name} must be a number from ${min} to ${max}`,
    });

const flag = (name: string) =>
  optional
    .refine((v) => v === undefined || /^(true|false|1|0|yes|no)$/i.test(v), {
      message: `${name} must be true or false`,
    })
    .transform((v) => (v === undefined ? undefined : /^(true|1|yes)$/i.test(v)));
const timeZone = (name: string) =>
  optional.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        new Intl.DateTimeFormat(undefined, { timeZone: v });
        return true;
      } catch {
        return false;
      }
    },
    { message: `${name} must be an IANA time zone such as Africa/Lagos` },
  );

// STAFF_EMAILS: addresses separated by commas, compared in lower case.
function staffList(value: string): string[] {
  return value
    .split(',')
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
}

// A fixed "today" for demos, staging and tests (docs/product.md §9): a real calendar day.
const siteTodaySchema = optional.refine((v) => v === undefined || z.iso.date().safeParse(v).success, {
  message: 'SITE_TODAY must be a date such as 2023-03-01',
});

// A number of places for every event and offer, for demos, staging and tests of the full state
// (docs/product.md §9): written in digits, from 1 to 10,000 (a store takes a seat by looking through
// every number up to the capacity, docs/reliability.md).
const SITE_CAPACITY_MAX = 10_000;
const siteCapacitySchema = optional
  .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= SITE_CAPACITY_MAX), {
    message: `SITE_CAPACITY must be a whole number of places from 1 to ${SITE_CAPACITY_MAX}`,
  })
  .transform((v) => (v === undefined ? undefined : Number(v)));

// What the CMS reads (lib/cms/config.ts), which `next build` loads too: checked on their own by
// cmsSettings, and with everything else by config().
const cmsFields = {
  DATA_DIR: optional,
  // The CMS's content in Postgres (several instances) instead of SQLite in DATA_DIR.
  CMS_DATABASE_URL: optional.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'CMS_DATABASE_URL must be a Postgres connection string (postgres://user:password@host/database)',
  }),
  // The pictures uploaded in the editor, resized; DATA_DIR/media when unset. With several instances, a
  // folder they all read and write (docs/deploy.md).
  CMS_MEDIA_DIR: optional,
  // Signs the CMS's own tokens; when unset, one is generated and kept in DATA_DIR.
  CMS_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
    message: 'CMS_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)',
  }),
  // The pictures in a bucket of an S3-compatible service (AWS S3, Cloudflare R2, Google Cloud Storage's
  // interoperability mode, MinIO) instead of CMS_MEDIA_DIR: instances on hosts with no shared disk.
  // All of them or none (mediaBucket below).
  MEDIA_S3_BUCKET: optional.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: 'MEDIA_S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
  }),
  MEDIA_S3_ENDPOINT: optional.refine(
    (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    {
      message: "MEDIA_S3_ENDPOINT must be the service's address such as https://s3.eu-west-1.amazonaws.com",
    },
  ),
  MEDIA_S3_REGION: optional.refine((v) => v === undefined || /^[a-z0-9-]{2,40}$/.test(v), {
    message: 'MEDIA_S3_REGION must be a region such as eu-west-1 (auto for Cloudflare R2)',
  }),
  MEDIA_S3_ACCESS_KEY_ID: optional,
  MEDIA_S3_SECRET_ACCESS_KEY: optional,
  MEDIA_S3_FORCE_PATH_STYLE: optional.refine((v) => v === undefined || /^(true|false|1|0|yes|no)$/i.test(v), {
    message: 'MEDIA_S3_FORCE_PATH_STYLE must be true or false',
  }),
};

// The settings a bucket needs: with one of them set, all of them must be.
const MEDIA_S3_REQUIRED = [
  'MEDIA_S3_BUCKET',
  'MEDIA_S3_ENDPOINT',
  'MEDIA_S3_REGION',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
] as const;

type CmsEnv = { [K in keyof typeof cmsFields]?: string | undefined };

// The bucket of the pictures, or undefined (the local folder). Half a bucket's settings is a mistake,
// told at start, not a site that writes pictures to a disk its other instances cannot read.
function mediaBucket(e: CmsEnv, problems: string[]) {
  const given = MEDIA_S3_REQUIRED.filter((name) => e[name] !== undefined);
  const pathStyle = e.MEDIA_S3_FORCE_PATH_STYLE;
  if (given.length === 0 && pathStyle === undefined) return undefined;
  const missing = MEDIA_S3_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    problems.push(
      `  ${missing.join(', ')}: pictures in a bucket need all of ${MEDIA_S3_REQUIRED.join(', ')} (or none of them, for the local folder)`,
    );
    return undefined;
  }
  return {
    bucket: e.MEDIA_S3_BUCKET!,
    endpoint: e.MEDIA_S3_ENDPOINT!,
    region: e.MEDIA_S3_REGION!,
    accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID!,
    secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY!,
    // MinIO and most local services answer at endpoint/bucket, not at bucket.endpoint.
    forcePathStyle: pathStyle === undefined ? false : /^(true|1|yes)$/i.test(pathStyle),
  };
}

export type MediaBucket = NonNullable<ReturnType<typeof mediaBucket>>;

const envSchema = z
  .object({
    STORE: z.enum(['sqlite', 'firestore'], 'STORE must be "sqlite" or "firestore"').optional(),
    FIRESTORE_PROJECT_ID: optional,
    FIREBASE_SERVICE_ACCOUNT: optional.transform((v, ctx) => {
      if (v === undefined) return undefined;
      try {
        const key = JSON.parse(v);
        // firebase-admin's cert() reads the key file's own snake_case fields.
        if (typeof key?.client_email === 'string' && typeof key?.private_key === 'string') return key as ServiceAccount;
      } catch {}
      ctx.addIssue({
        code: 'custom',
        message: 'FIREBASE_SERVICE_ACCOUNT must be a service-account key JSON with client_email and private_key',
      });
      return z.NEVER;
    }),
    GOOGLE_APPLICATION_CREDENTIALS: optional,
    FIRESTORE_EMULATOR_HOST: optional,
    RECAPTCHA_SECRET_KEY: optional,
    RECAPTCHA_VERIFY_URL: url('RECAPTCHA_VERIFY_URL'),
    RECAPTCHA_MIN_SCORE: number('RECAPTCHA_MIN_SCORE', 0, 1),
    RECAPTCHA_HOSTNAMES: optional,
    NEWSLETTER_PROVIDER: z
      .enum(['local', 'mailchimp'], 'NEWSLETTER_PROVIDER must be "local" or "mailchimp"')
      .optional(),
    MAILCHIMP_SUBSCRIBE_URL: url('MAILCHIMP_SUBSCRIBE_URL'),
    // The Marketing API (letters as campaigns, the audience's counts): a key ends in its data centre.
    MAILCHIMP_API_KEY: optional.refine((v) => v === undefined || MAILCHIMP_KEY.test(v), {
      message: 'MAILCHIMP_API_KEY must be a Mailchimp API key such as 0123…cdef-us21 (Account → Extras → API keys)',
    }),
    MAILCHIMP_API_URL: url('MAILCHIMP_API_URL'),
    MAILCHIMP_LIST_ID: optional.refine((v) => v === undefined || /^\w{1,40}$/.test(v), {
      message: 'MAILCHIMP_LIST_ID must be an audience ID such as a1b2c3d4e5 (Audience → Settings → Audience ID)',
    }),
    MAILCHIMP_WEBHOOK_SECRET: optional.refine((v) => v === undefined || /^[\w-]{24,200}$/.test(v), {
      message:
        'MAILCHIMP_WEBHOOK_SECRET must be 24 to 200 letters, digits, - or _ (e.g. openssl rand -hex 24): it goes in the webhook URL',
    }),
    RATE_LIMIT_PER_MINUTE: number('RATE_LIMIT_PER_MINUTE', 1, 100_000_000),
    RATE_LIMIT_IPV6_PREFIX: number('RATE_LIMIT_IPV6_PREFIX', 32, 128).refine(
      (v) => v === undefined || Number.isInteger(v),
      { message: 'RATE_LIMIT_IPV6_PREFIX must be a whole number of bits from 32 to 128' },
    ),
    HSTS_MAX_AGE: number('HSTS_MAX_AGE', 0, 63_072_000).refine((v) => v === undefined || Number.isInteger(v), {
      message: 'HSTS_MAX_AGE must be a whole number of seconds from 0 to 63072000',
    }),
    HSTS_INCLUDE_SUBDOMAINS: flag('HSTS_INCLUDE_SUBDOMAINS'),
    XSRF_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
      message: 'XSRF_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)',
    }),
    TRUSTED_PROXY_HOPS: number('TRUSTED_PROXY_HOPS', 0, 10).refine((v) => v === undefined || Number.isInteger(v), {
      message: 'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10',
    }),
    TRUSTED_PROXY_HEADER: z
      .enum(['x-forwarded-for', 'x-real-ip'], 'TRUSTED_PROXY_HEADER must be "x-forwarded-for" or "x-real-ip"')
      .optional(),
    SERVER_ROLE: z
      .enum(['all', 'visitors', 'back-office'], 'SERVER_ROLE must be "all", "visitors" or "back-office"')
      .optional(),
    SMTP_URL: optional.refine((v) => v === undefined || (URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol)), {
      message: 'SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465',
    }),
    MAIL_FROM: optional,
    MAIL_PROVIDER_NAME: optional,
    STAFF_EMAIL: optional.refine((v) => v === undefined || z.email().safeParse(v).success, {
      message: 'STAFF_EMAIL must be an email address',
    }),
    MAIL_MAX_ATTEMPTS: number('MAIL_MAX_ATTEMPTS', 1, 100),
    MAIL_RETRY_BASE_MS: number('MAIL_RETRY_BASE_MS', 10, 3_600_000),
    MAIL_POLL_MS: number('MAIL_POLL_MS', 10, 3_600_000),
    MAIL_LEASE_MS: number('MAIL_LEASE_MS', 1_000, 3_600_000),
    MAIL_RATE_PER_MINUTE: number('MAIL_RATE_PER_MINUTE', 1, 100_000),
    SITE_URL: url('SITE_URL'),
    RETAIN_CONTACT_DAYS: number('RETAIN_CONTACT_DAYS', 1, 36_500),
    RETAIN_REGISTRATION_DAYS: number('RETAIN_REGISTRATION_DAYS', 1, 36_500),
    RETAIN_NEWSLETTER_INACTIVE_DAYS: number('RETAIN_NEWSLETTER_INACTIVE_DAYS', 1, 36_500),
    MAIL_KEEP_DAYS: number('MAIL_KEEP_DAYS', 1, 36_500),
    DIGEST_ENABLED: flag('DIGEST_ENABLED'),
    DIGEST_HOUR: number('DIGEST_HOUR', 0, 23).refine((v) => v === undefined || Number.isInteger(v), {
      message: 'DIGEST_HOUR must be a whole hour from 0 to 23',
    }),
    DIGEST_TIME_ZONE: timeZone('DIGEST_TIME_ZONE'),
    DIGEST_SEND_EMPTY: flag('DIGEST_SEND_EMPTY'),
    STAFF_EMAILS: optional.refine(
      (v) => v === undefined || staffList(v).every((address) => z.email().safeParse(address).success),
      { message: 'STAFF_EMAILS must be email addresses separated by commas' },
    ),
    ORG_TIME_ZONE: timeZone('ORG_TIME_ZONE'),
    STAFF_AUDIT_DAYS: number('STAFF_AUDIT_DAYS', 1, 36_500),
    STAFF_SIGN_IN_LIMIT: number('STAFF_SIGN_IN_LIMIT', 1, 10_000).refine(
      (v) => v === undefined || Number.isInteger(v),
      {
        message: 'STAFF_SIGN_IN_LIMIT must be a whole number',
      },
    ),
    ...cmsFields,
    LINK_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
      message: 'LINK_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)',
    }),
    SITE_TODAY: siteTodaySchema,
    SITE_CAPACITY: siteCapacitySchema,
    PLACES_LEFT_SHARE: number('PLACES_LEFT_SHARE', 1, 100),
    WAITLIST_OFFER_HOURS: number('WAITLIST_OFFER_HOURS', 1, 720),
    PLACES_PASS_MS: number('PLACES_PASS_MS', 1000, 3_600_000),
    PAYSTACK_SECRET_KEY: optional.refine((v) => v === undefined || /^sk_(test|live)_\w{8,}$/.test(v), {
      message: 'PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_… or sk_live_…, from Settings → API Keys)',
    }),
    PAYSTACK_BASE_URL: url('PAYSTACK_BASE_URL'),
    PAYMENT_CURRENCY: z
      .enum(PAYMENT_CURRENCIES, `PAYMENT_CURRENCY must be one of ${PAYMENT_CURRENCIES.join(', ')}`)
      .optional(),
    PAYMENT_EXCHANGE_RATE: number('PAYMENT_EXCHANGE_RATE', 0.0001, 1_000_000),
    PAYMENT_LINK_DAYS: number('PAYMENT_LINK_DAYS', 1, 365).refine((v) => v === undefined || Number.isInteger(v), {
      message: 'PAYMENT_LINK_DAYS must be a whole number of days from 1 to 365',
    }),
  })
  .superRefine((env, ctx) => {
    const store = env.STORE ?? (env.FIRESTORE_PROJECT_ID ? 'firestore' : 'sqlite');
    if (store === 'firestore') {
      if (!env.FIRESTORE_PROJECT_ID) {
        ctx.addIssue({
          code: 'custom',
          path: ['FIRESTORE_PROJECT_ID'],
          message: 'FIRESTORE_PROJECT_ID is required when STORE is "firestore"',
        });
      } else if (!env.FIRESTORE_EMULATOR_HOST && !env.FIREBASE_SERVICE_ACCOUNT && !env.GOOGLE_APPLICATION_CREDENTIALS) {
        ctx.addIssue({
          code: 'custom',
          path: ['FIREBASE_SERVICE_ACCOUNT'],
          message:
            'Firestore needs credentials: set FIREBASE_SERVICE_ACCOUNT (the key JSON), GOOGLE_APPLICATION_CREDENTIALS (its path) or FIRESTORE_EMULATOR_HOST',
        });
      }
    }
    if (env.TRUSTED_PROXY_HEADER === 'x-real-ip' && env.TRUSTED_PROXY_HOPS !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUSTED_PROXY_HOPS'],
        message: 'TRUSTED_PROXY_HEADER "x-real-ip" needs TRUSTED_PROXY_HOPS=1 (the one proxy that writes it)',
      });
    }
    if (env.PAYSTACK_BASE_URL && !env.PAYSTACK_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYSTACK_SECRET_KEY'],
        message: 'PAYSTACK_BASE_URL is set but PAYSTACK_SECRET_KEY is not: set both, or neither',
      });
    }
    // The prices in data/ are in US dollars: another currency is charged at a fixed rate.
    if (env.PAYMENT_CURRENCY && env.PAYMENT_CURRENCY !== 'USD' && env.PAYMENT_EXCHANGE_RATE === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_EXCHANGE_RATE'],
        message: `PAYMENT_EXCHANGE_RATE is required when PAYMENT_CURRENCY is ${env.PAYMENT_CURRENCY}: how many ${env.PAYMENT_CURRENCY} make one US dollar (the prices in data/ are in dollars)`,
      });
    }
    if ((env.MAILCHIMP_API_KEY || env.MAILCHIMP_WEBHOOK_SECRET) && !mailchimpListId(env)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAILCHIMP_LIST_ID'],
        message:
          'MAILCHIMP_LIST_ID is required with MAILCHIMP_API_KEY or MAILCHIMP_WEBHOOK_SECRET (unless MAILCHIMP_SUBSCRIBE_URL names it with id=)',
      });
    }
    if (env.MAILCHIMP_API_URL && !env.MAILCHIMP_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAILCHIMP_API_KEY'],
        message: 'MAILCHIMP_API_URL is set but MAILCHIMP_API_KEY is not: set both, or neither',
      });
    }
    if (env.NEWSLETTER_PROVIDER === 'mailchimp' && !env.MAILCHIMP_SUBSCRIBE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAILCHIMP_SUBSCRIBE_URL'],
        message: 'MAILCHIMP_SUBSCRIBE_URL is required when NEWSLETTER_PROVIDER is "mailchimp"',
      });
    }
  });

export type Config = ReturnType<typeof readConfig>;

export class ConfigError extends Error {}

// The environment's settings, checked: every problem is listed in one ConfigError.
function checkedEnv(env: Record<string, string | undefined>, publicSettings: ReturnType<typeof readPublicConfig>) {
  const problems: string[] = [];
  const analytics = publicSettings.analyticsSrc;
  if (analytics !== undefined && !(URL.canParse(analytics) && /^https?:$/.test(new URL(analytics).protocol))) {
    problems.push('  NEXT_PUBLIC_ANALYTICS_SRC: it must be a full http(s) URL such as https://…');
  }
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    problems.push(
      ...parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  } else if (Boolean(parsed.data.RECAPTCHA_SECRET_KEY) !== Boolean(publicSettings.recaptchaSiteKey)) {
    const missing = parsed.data.RECAPTCHA_SECRET_KEY ? 'NEXT_PUBLIC_RECAPTCHA_SITE_KEY' : 'RECAPTCHA_SECRET_KEY';
    problems.push(
      `  ${missing}: reCAPTCHA needs both RECAPTCHA_SECRET_KEY and NEXT_PUBLIC_RECAPTCHA_SITE_KEY, or neither`,
    );
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration (see .env.example):\n${problems.join('\n')}`);
  }
  return parsed.data;
}

// Mailchimp's Marketing API and webhook (lib/newsletter/mailchimp-api.ts, mailchimp-webhook.ts), each
// when its setting is given: with NEWSLETTER_PROVIDER=mailchimp and a key, newsletters go out as
// campaigns; the webhook keeps the local list in step with the audience's unsubscribes.
function mailchimpSettings(e: z.output<typeof envSchema>) {
  return {
    listId: mailchimpListId(e) ?? null,
    api: e.MAILCHIMP_API_KEY
      ? {
          key: e.MAILCHIMP_API_KEY,
          baseUrl: (e.MAILCHIMP_API_URL ?? mailchimpApiUrl(e.MAILCHIMP_API_KEY)).replace(/\/+$/, ''),
        }
      : null,
    webhookSecret: e.MAILCHIMP_WEBHOOK_SECRET ?? null,
  };
}

export function readConfig(env: Record<string, string | undefined> = process.env) {
  const publicSettings = readPublicConfig(env);
  const e = checkedEnv(env, publicSettings);
  const store = e.STORE ?? (e.FIRESTORE_PROJECT_ID ? 'firestore' : 'sqlite');
  return {
    dataDir: resolve(/*turbopackIgnore: true*/ e.DATA_DIR ?? 'var'),
    store:
      store === 'firestore'
        ? {
            kind: 'firestore' as const,
            projectId: e.FIRESTORE_PROJECT_ID!,
            serviceAccount: e.FIREBASE_SERVICE_ACCOUNT,
            emulatorHost: e.FIRESTORE_EMULATOR_HOST,
          }
        : { kind: 'sqlite' as const },
    recaptcha: e.RECAPTCHA_SECRET_KEY
      ? {
          secret: e.RECAPTCHA_SECRET_KEY,
          verifyUrl: e.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify',
          minScore: e.RECAPTCHA_MIN_SCORE ?? 0.5,
          hostnames:
            e.RECAPTCHA_HOSTNAMES?.split(',')
              .map((h) => h.trim())
              .filter(Boolean) ?? [],
        }
      : null,
    newsletter:
      e.NEWSLETTER_PROVIDER === 'mailchimp'
        ? { kind: 'mailchimp' as const, subscribeUrl: e.MAILCHIMP_SUBSCRIBE_URL! }
        : { kind: 'local' as const },
    mailchimp: mailchimpSettings(e),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? 5,
    // An IPv6 client is counted by its network of this many bits: providers hand a home or a phone a /64
    // (the default) and sometimes a /56 or /48, which a lower setting counts as one client.
    rateLimitIpv6Prefix: e.RATE_LIMIT_IPV6_PREFIX ?? 64,
    // Sent over HTTPS only; 0 turns it off. Subdomains only when asked: the site links to others' hosts.
    hsts: { maxAge: e.HSTS_MAX_AGE ?? 63_072_000, includeSubDomains: e.HSTS_INCLUDE_SUBDOMAINS ?? false },
    xsrfSecret: e.XSRF_SECRET,
    trustedProxy: { trustedHops: e.TRUSTED_PROXY_HOPS ?? 0, header: e.TRUSTED_PROXY_HEADER ?? 'x-forwarded-for' },
    // What this process runs (docs/deploy.md, "The back office's process"): everything; the visitors'
    // pages and forms only, with no background task; or the back office with every background task.
    serverRole: e.SERVER_ROLE ?? 'all',
    mail: {
      transport: e.SMTP_URL ? { kind: 'smtp' as const, url: e.SMTP_URL } : { kind: 'files' as const },
      from: e.MAIL_FROM ?? `${site.name} <${contactInfo.email}>`,
      // The company that delivers the mail, as the privacy page names it (e.g. "Brevo").
      providerName: e.MAIL_PROVIDER_NAME,
      staff: e.STAFF_EMAIL ?? contactInfo.email,
      maxAttempts: e.MAIL_MAX_ATTEMPTS ?? 8,
      retryBaseMs: e.MAIL_RETRY_BASE_MS ?? 30_000,
      pollMs: e.MAIL_POLL_MS ?? 5_000,
      // How long a claimed message is kept from other instances (lib/mail/worker.ts).
      leaseMs: e.MAIL_LEASE_MS ?? 60_000,
      // How many letters to the community leave per minute (lib/letters/send.ts).
      ratePerMinute: e.MAIL_RATE_PER_MINUTE ?? 600,
    },
    // Without SITE_URL, mailed links point to this server on the port it listens on (PORT), so a site
    // started on another port than 3000 still mails links that work on this machine.
    siteUrl: e.SITE_URL ? siteUrlFrom(e.SITE_URL) : localSiteUrl(env.PORT),
    public: publicSettings,
    // How long records and sent mail are kept (lib/privacy/retention.ts); the privacy page states them.
    retention: {
      contactDays: e.RETAIN_CONTACT_DAYS ?? 730,
      registrationDays: e.RETAIN_REGISTRATION_DAYS ?? 1825,
      newsletterInactiveDays: e.RETAIN_NEWSLETTER_INACTIVE_DAYS ?? 30,
      mailKeepDays: e.MAIL_KEEP_DAYS ?? 30,
      auditDays: e.STAFF_AUDIT_DAYS ?? 365,
    },
    // The staff digest (lib/staff/digest.ts): daily from this local hour, sent even without news if asked.
    digest: {
      enabled: e.DIGEST_ENABLED ?? true,
      hour: e.DIGEST_HOUR ?? 7,
      timeZone: e.DIGEST_TIME_ZONE ?? SITE_TIME_ZONE,
      sendEmpty: e.DIGEST_SEND_EMPTY ?? false,
    },
    // The staff workspace (lib/staff/): who may sign in, and the organisation's time zone for every
    // date staff read (the audit trail's period is in `retention`).
    staff: {
      emails: e.STAFF_EMAILS ? staffList(e.STAFF_EMAILS) : [],
      timeZone: e.ORG_TIME_ZONE ?? e.DIGEST_TIME_ZONE ?? SITE_TIME_ZONE,
      // Sign-in requests per address in 15 minutes; a client gets four times as many.
      signInLimit: e.STAFF_SIGN_IN_LIMIT ?? 5,
    },
    // Signs newsletter links; when unset, lib/security/signed-link.ts keeps a generated one under DATA_DIR.
    linkSecret: e.LINK_SECRET,
    cms: cmsSettings(env).cms,
    // Today's date for the whole site when fixed (lib/content/schedule.ts); the real one otherwise.
    siteToday: e.SITE_TODAY,
    // Places of events and offers (lib/places): a page says how many are left below this share of
    // them, and a freed seat is held this long for the first person waiting.
    places: {
      leftShare: (e.PLACES_LEFT_SHARE ?? 20) / 100,
      offerMs: (e.WAITLIST_OFFER_HOURS ?? 48) * 3_600_000,
      // How often the places pass runs (lib/places/task.ts): offers that ran out, free seats, reminders.
      passMs: e.PLACES_PASS_MS ?? 60_000,
    },
    // Paid places (lib/payments, docs/product.md §14): a provider when its key is set, else none (the
    // course's external payment page, and staff mark payments by hand). The prices in data/ are in US
    // dollars; another currency is charged at `usdRate` of it per dollar.
    payments: {
      provider: e.PAYSTACK_SECRET_KEY
        ? {
            kind: 'paystack' as const,
            secretKey: e.PAYSTACK_SECRET_KEY,
            baseUrl: e.PAYSTACK_BASE_URL ?? 'https://api.paystack.co',
          }
        : null,
      currency: e.PAYMENT_CURRENCY ?? 'USD',
      usdRate: e.PAYMENT_CURRENCY && e.PAYMENT_CURRENCY !== 'USD' ? e.PAYMENT_EXCHANGE_RATE! : 1,
      // How long the pay link of a confirmation mail works.
      linkDays: e.PAYMENT_LINK_DAYS ?? 30,
    },
  };
}

// A Mailchimp API key: its secret, a hyphen, and the data centre its account lives in (us21, …).
const MAILCHIMP_KEY = /^[0-9a-f]{16,64}-([a-z]{2,4}\d{1,3})$/;

// The API's address for a key: https://<data centre>.api.mailchimp.com/3.0.
export function mailchimpApiUrl(key: string): string {
  return `https://${MAILCHIMP_KEY.exec(key)![1]}.api.mailchimp.com/3.0`;
}

// The audience: MAILCHIMP_LIST_ID, or the `id` of the sign-up form's address (the same audience).
function mailchimpListId(env: { MAILCHIMP_LIST_ID?: string; MAILCHIMP_SUBSCRIBE_URL?: string }): string | undefined {
  if (env.MAILCHIMP_LIST_ID) return env.MAILCHIMP_LIST_ID;
  if (!env.MAILCHIMP_SUBSCRIBE_URL || !URL.canParse(env.MAILCHIMP_SUBSCRIBE_URL)) return undefined;
  const id = new URL(env.MAILCHIMP_SUBSCRIBE_URL).searchParams.get('id');
  return id && /^\w{1,40}$/.test(id) ? id : undefined;
}

// The public address of the site (SITE_URL, checked by the schema above), without a trailing slash.
function localSiteUrl(port: string | undefined): string {
  return `http://localhost:${port && /^\d{1,5}$/.test(port) ? port : '3000'}`;
}

function siteUrlFrom(value: string | undefined): string {
  return (value ?? 'http://localhost:3000').replace(/\/+$/, '');
}

// The site's address alone, for what the build writes into pages (canonical URLs, sitemap, social
// cards): a build needs no runtime setting to be complete, so it is checked here on its own.
export function buildSiteUrl(env: Record<string, string | undefined> = process.env): string {
  const checked = url('SITE_URL').safeParse(env.SITE_URL);
  if (!checked.success)
    throw new ConfigError(`Invalid configuration (see .env.example):\n  SITE_URL: ${checked.error.issues[0]!.message}`);
  return siteUrlFrom(checked.data);
}

// The CMS's settings alone: a build needs no runtime setting (a server checks them all at start).
export function cmsSettings(env: Record<string, string | undefined> = process.env) {
  const parsed = z.object(cmsFields).safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const bucket = parsed.success ? mediaBucket(parsed.data, problems) : undefined;
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration (see .env.example):\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(/*turbopackIgnore: true*/ e.DATA_DIR ?? 'var');
  return {
    dataDir,
    cms: {
      databaseUrl: e.CMS_DATABASE_URL,
      secret: e.CMS_SECRET,
      mediaDir: resolve(/*turbopackIgnore: true*/ e.CMS_MEDIA_DIR ?? join(dataDir, 'media')),
      bucket,
    },
  };
}

// SITE_TODAY alone, for pages: they are prerendered by the build and regenerated by the server, and
// both read it here (scripts/start.mjs rebuilds when it changes, so the two always agree).
export function buildSiteToday(env: Record<string, string | undefined> = process.env): string | undefined {
  const checked = siteTodaySchema.safeParse(env.SITE_TODAY);
  if (!checked.success)
    throw new ConfigError(
      `Invalid configuration (see .env.example):\n  SITE_TODAY: ${checked.error.issues[0]!.message}`,
    );
  return checked.data;
}

// SITE_CAPACITY alone, for the places of events and offers (lib/content/schedule.ts): it replaces
// data/'s capacities when set. Only the server counts places (the build reads no store), so a
// prerendered page is the same with or without it and changing it needs no rebuild.
export function siteCapacity(env: Record<string, string | undefined> = process.env): number | undefined {
  const checked = siteCapacitySchema.safeParse(env.SITE_CAPACITY);
  if (!checked.success)
    throw new ConfigError(
      `Invalid configuration (see .env.example):\n  SITE_CAPACITY: ${checked.error.issues[0]!.message}`,
    );
  return checked.data;
}

// This server's own address, for the requests it makes to itself (lib/cms/scheduled.ts): Next writes
// both once it listens, the origin naming the address it is bound to (0.0.0.0 is named localhost).
export function ownOrigin(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.__NEXT_PRIVATE_ORIGIN || (env.PORT ? `http://127.0.0.1:${env.PORT}` : undefined);
}

// Whether this process is `next build` prerendering pages: they then read no store (lib/content/seats.ts).
export function isBuilding(env: Record<string, string | undefined> = process.env): boolean {
  return env.NEXT_PHASE === 'phase-production-build';
}

// The configuration of this process, read on first use.
export function config(): Config {
  return singleton('config', () => readConfig());
}
