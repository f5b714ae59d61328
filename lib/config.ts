import { resolve } from 'node:path';

import { z } from 'zod';

// Every environment variable the server reads, checked once. With none set the site runs on its
// embedded defaults: SQLite and mail files under ./var, a local newsletter list, the bot check off.
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

const envSchema = z
  .object({
    DATA_DIR: optional,
    STORE: z.enum(['sqlite', 'firestore'], 'STORE must be "sqlite" or "firestore"').optional(),
    FIRESTORE_PROJECT_ID: optional,
    FIREBASE_SERVICE_ACCOUNT: optional,
    GOOGLE_APPLICATION_CREDENTIALS: optional,
    FIRESTORE_EMULATOR_HOST: optional,
    RECAPTCHA_SECRET_KEY: optional,
    NEXT_PUBLIC_RECAPTCHA_SITE_KEY: optional,
    RECAPTCHA_VERIFY_URL: url('RECAPTCHA_VERIFY_URL'),
    RECAPTCHA_MIN_SCORE: number('RECAPTCHA_MIN_SCORE', 0, 1),
    RECAPTCHA_HOSTNAMES: optional,
    NEWSLETTER_PROVIDER: z
      .enum(['local', 'mailchimp'], 'NEWSLETTER_PROVIDER must be "local" or "mailchimp"')
      .optional(),
    MAILCHIMP_SUBSCRIBE_URL: url('MAILCHIMP_SUBSCRIBE_URL'),
    RATE_LIMIT_PER_MINUTE: number('RATE_LIMIT_PER_MINUTE', 1, 100_000_000),
    XSRF_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
      message: 'XSRF_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)',
    }),
    TRUSTED_PROXY_HOPS: number('TRUSTED_PROXY_HOPS', 0, 10).refine((v) => v === undefined || Number.isInteger(v), {
      message: 'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10',
    }),
    TRUSTED_PROXY_HEADER: z
      .enum(['x-forwarded-for', 'x-real-ip'], 'TRUSTED_PROXY_HEADER must be "x-forwarded-for" or "x-real-ip"')
      .optional(),
    SMTP_URL: optional.refine((v) => v === undefined || (URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol)), {
      message: 'SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465',
    }),
    MAIL_FROM: optional,
    STAFF_EMAIL: optional.refine((v) => v === undefined || z.email().safeParse(v).success, {
      message: 'STAFF_EMAIL must be an email address',
    }),
    MAIL_MAX_ATTEMPTS: number('MAIL_MAX_ATTEMPTS', 1, 100),
    MAIL_RETRY_BASE_MS: number('MAIL_RETRY_BASE_MS', 10, 3_600_000),
    MAIL_POLL_MS: number('MAIL_POLL_MS', 10, 3_600_000),
    SITE_URL: url('SITE_URL'),
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
    if (env.FIREBASE_SERVICE_ACCOUNT) {
      try {
        const key = JSON.parse(env.FIREBASE_SERVICE_ACCOUNT);
        if (!key.client_email || !key.private_key) throw new Error('missing fields');
      } catch {
        ctx.addIssue({
          code: 'custom',
          path: ['FIREBASE_SERVICE_ACCOUNT'],
          message: 'FIREBASE_SERVICE_ACCOUNT must be a service-account key JSON with client_email and private_key',
        });
      }
    }
    if (Boolean(env.RECAPTCHA_SECRET_KEY) !== Boolean(env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.RECAPTCHA_SECRET_KEY ? 'NEXT_PUBLIC_RECAPTCHA_SITE_KEY' : 'RECAPTCHA_SECRET_KEY'],
        message: 'reCAPTCHA needs both RECAPTCHA_SECRET_KEY and NEXT_PUBLIC_RECAPTCHA_SITE_KEY, or neither',
      });
    }
    if (env.TRUSTED_PROXY_HEADER === 'x-real-ip' && env.TRUSTED_PROXY_HOPS !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUSTED_PROXY_HOPS'],
        message: 'TRUSTED_PROXY_HEADER "x-real-ip" needs TRUSTED_PROXY_HOPS=1 (the one proxy that writes it)',
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

export function readConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration (see .env.example):\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const store = e.STORE ?? (e.FIRESTORE_PROJECT_ID ? 'firestore' : 'sqlite');
  return {
    dataDir: resolve(/*turbopackIgnore: true*/ e.DATA_DIR ?? 'var'),
    store:
      store === 'firestore'
        ? {
            kind: 'firestore' as const,
            projectId: e.FIRESTORE_PROJECT_ID!,
            serviceAccount: e.FIREBASE_SERVICE_ACCOUNT ? JSON.parse(e.FIREBASE_SERVICE_ACCOUNT) : undefined,
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
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? 5,
    xsrfSecret: e.XSRF_SECRET,
    trustedProxy: { trustedHops: e.TRUSTED_PROXY_HOPS ?? 0, header: e.TRUSTED_PROXY_HEADER ?? 'x-forwarded-for' },
    mail: {
      transport: e.SMTP_URL ? { kind: 'smtp' as const, url: e.SMTP_URL } : { kind: 'files' as const },
      from: e.MAIL_FROM ?? 'Baobab Data <hello@baobabdata.org>',
      staff: e.STAFF_EMAIL ?? 'hello@baobabdata.org',
      maxAttempts: e.MAIL_MAX_ATTEMPTS ?? 8,
      retryBaseMs: e.MAIL_RETRY_BASE_MS ?? 30_000,
      pollMs: e.MAIL_POLL_MS ?? 5_000,
    },
    siteUrl: (e.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
  };
}

let cached: Config | undefined;

// The configuration of this process, read on first use.
export function config(): Config {
  cached ??= readConfig();
  return cached;
}
