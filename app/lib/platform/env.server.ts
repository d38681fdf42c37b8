import { z } from 'zod'

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** BACKUP_INTERVAL in milliseconds, or null for 'off'. */
function backupIntervalMs(value: string): number | null {
  if (value === 'off') return null
  return Number(value.slice(0, -1)) * UNIT_MS[value.slice(-1) as keyof typeof UNIT_MS]
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** A PostgreSQL server; without it the embedded database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Uploaded images (their WebP variants); a folder that several servers can share. */
  STORAGE_DIR: z.string().min(1).default('./storage'),
  /** The address visitors use, for canonical links, sitemaps and the setup link. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * How many reverse proxies stand in front of the server, each appending to X-Forwarded-For: the
   * client's address is the one the outermost of them saw (docs/configuration.md). 0: none.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^\d{1,2}$/,
      'must be the number of reverse proxies in front of the server: 0 for none (the default), 1 for one proxy, 2 for a CDN and a proxy; true/false are not accepted (true would trust an address any client can forge)',
    )
    .transform(Number)
    .default(0),
  /** Where `npm run backup` and the scheduled backups write their archives (docs/configuration.md#backups). */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** How often the server makes a backup: 'off', or a number of minutes, hours or days ('30m', '12h', '1d'). */
  BACKUP_INTERVAL: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(off|\d{1,4}(m|h|d))$/, "must be 'off' or a number with m, h or d (for example 12h or 1d)")
    .transform(backupIntervalMs)
    .refine((ms) => ms === null || ms >= 5 * 60_000, 'must be at least 5m')
    .default(UNIT_MS.d),
  /** How many scheduled archives are kept in BACKUP_DIR; older ones are removed after a successful backup. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /**
   * The key that encrypts and authenticates every backup archive (decision 032): 40 or more
   * characters of base64 (openssl rand -base64 32). Kept outside DATA_DIR and BACKUP_DIR; without
   * it, BACKUP_KEY_FILE names the file that holds it.
   */
  BACKUP_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/=_-]{40,200}$/, 'must be 40 or more characters of base64 (openssl rand -base64 32); the value is not shown')
    .optional(),
  /** The file holding the backup key; a first start without one creates it (mode 0600). */
  BACKUP_KEY_FILE: z.string().min(1).default('./backup-key.txt'),
  /**
   * An rclone remote and path that every backup is copied to after it is written ('offsite:clinic'),
   * already encrypted (docs/deploy.md#off-site-copies). Unset: no off-site copy.
   */
  BACKUP_REMOTE: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_][\w.-]*:[^\s]*$/,
      "must be an rclone remote and path, such as offsite:clinic-backups (rclone config's name, a colon, a path)",
    )
    .optional(),
  /** How many archives stay on BACKUP_REMOTE; older ones there are removed after a successful copy. */
  BACKUP_REMOTE_KEEP: z.coerce.number().int().min(1).max(1000).default(30),
  /** Public form submissions allowed per address per window. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Memory for public pages rendered once and answered from memory (server/page-cache.ts); 0 turns it off. */
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(32 * 1024 * 1024),
  /**
   * The service worker that keeps visited public pages for offline use (docs/configuration.md).
   * off: no worker is offered, and a browser that has one unregisters it on its next visit.
   */
  SERVICE_WORKER: z.enum(['on', 'off'], 'must be on or off').default('on'),
  /**
   * Site analytics: visits to the public pages counted on the server, without cookies (app/lib/analytics,
   * docs/configuration.md#site-analytics). off: nothing is counted and the dashboard's card says N/A.
   */
  ANALYTICS: z.enum(['on', 'off'], 'must be on or off').default('on'),
  /** Scripted set-up: the one-time token for /admin/setup while no staff account exists (at least 32 characters). */
  ADMIN_SETUP_TOKEN: z.string().min(32).max(200).optional(),
  /** The mail server for staff e-mails about new requests; without it none are sent (docs/configuration.md). */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s/?#]+(?::\d+)?\/?(\?[^\s#]*)?$/, 'must be smtp://user:password@host:port or smtps://… (the value is not shown)')
    .optional(),
  /**
   * 1: send staff e-mail without TLS, for a relay on this machine only (SMTP_URL's host 127.0.0.1,
   * ::1 or localhost). Otherwise smtp:// must switch to TLS (STARTTLS) or nothing is sent.
   */
  SMTP_ALLOW_PLAIN_LOCAL: z
    .enum(['0', '1'], 'must be 1 (or 0)')
    .default('0')
    .transform((value) => value === '1'),
  /** 32 random bytes in base64 that encrypt the staff's authenticator secrets (decision 021); without it they are stored as they are. */
  STAFF_SECRET_KEY: z
    .string()
    .trim()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** The staff addresses that receive those e-mails, separated by commas. */
  ALERT_EMAILS: z
    .string()
    .trim()
    .transform((value) => value.split(/[,;\s]+/).filter(Boolean))
    .pipe(z.array(z.email('each address must be a valid e-mail address')).max(20))
    .default([]),
  /** The language of those e-mails: en, fa (Dari) or ps (Pashto). */
  ALERT_EMAIL_LANGUAGE: z.enum(['en', 'fa', 'ps'], 'must be en, fa or ps').default('en'),
})

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string }

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  const env = result.data
  if (env.SMTP_ALLOW_PLAIN_LOCAL && env.SMTP_URL && !isLoopbackHost(new URL(env.SMTP_URL).hostname)) {
    throw new Error(
      'Invalid environment configuration:\n  SMTP_ALLOW_PLAIN_LOCAL: only for a mail relay on this machine (SMTP_URL host 127.0.0.1, ::1 or localhost)',
    )
  }
  return { ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') }
}

/** A host name that can only be this machine. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
}

let cached: Env | undefined

/** The validated environment, read once. */
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}
