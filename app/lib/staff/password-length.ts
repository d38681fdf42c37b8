/** How long a staff password may be; the forms' `minLength` and the password rules (password-rules.server.ts) share it. */
export const MIN_PASSWORD_LENGTH = 12
/** Long enough for any passphrase; bounds the work a single sign-in can cause. */
export const MAX_PASSWORD_LENGTH = 256
