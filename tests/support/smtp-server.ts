/**
 * A mail server for tests (smtp-server): plain SMTP on a local port, password sign-in allowed
 * without TLS, every message kept with its recipients and its text. `refuse` makes it answer every
 * message with a 451 (a mail server that is up but will not take the message now).
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  /** The message with quoted-printable soft breaks and escapes decoded. */
  text: string
}

export interface TestSmtpServer {
  port: number
  url: string
  received: ReceivedMail[]
  logins: Array<{ username: string; password: string }>
  refuse: boolean
  close(): Promise<void>
}

function decodeMessage(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

export async function startSmtpServer({ port = 0, auth = false } = {}): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    port: 0,
    url: '',
    received: [],
    logins: [],
    refuse: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server = new SMTPServer({
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(login, _session, callback) {
      state.logins.push({ username: login.username ?? '', password: login.password ?? '' })
      callback(null, { user: login.username })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (state.refuse) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
          return
        }
        state.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decodeMessage(Buffer.concat(chunks).toString('latin1')),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  state.port = (server.server.address() as AddressInfo).port
  state.url = auth ? `smtp://desk%40example.test:s3cret-pass@127.0.0.1:${state.port}` : `smtp://127.0.0.1:${state.port}`
  return state
}
