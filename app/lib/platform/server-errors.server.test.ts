import { createStaticHandler } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { logServerError } from './server-errors.server'

function logger() {
  return { error: vi.fn(), warn: vi.fn() }
}

function post(origin: string | null, path = '/clinic/appointment') {
  return new Request(`http://clinic.example${path}`, { method: 'POST', headers: origin ? { Origin: origin } : {} })
}

describe('logServerError', () => {
  it('logs a form sent from another site as one line, with the path and no stack', () => {
    const log = logger()
    logServerError(new Error('origin does not match'), post('https://evil.example', '/admin/theme'), log)
    expect(log.warn).toHaveBeenCalledExactlyOnceWith('Refused a POST to /admin/theme sent from another site.')
    expect(log.error).not.toHaveBeenCalled()
  })

  it('counts an Origin that is not an address as another site', () => {
    const log = logger()
    logServerError(new Error('not a valid URL'), post('not a url'), log)
    expect(log.warn).toHaveBeenCalledOnce()
    expect(log.error).not.toHaveBeenCalled()
  })

  it('logs any other error whole: a same-site post’s, a GET’s, a post’s without Origin', () => {
    const log = logger()
    const fault = new Error('the database went away')
    logServerError(fault, post('http://clinic.example'), log)
    logServerError(fault, new Request('http://clinic.example/clinic', { headers: { Origin: 'https://evil.example' } }), log)
    // Without an Origin, React Router refuses nothing: a fault there is a fault, whatever Sec-Fetch-Site says.
    logServerError(fault, new Request('http://clinic.example/clinic', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } }), log)
    expect(log.error).toHaveBeenCalledTimes(3)
    expect(log.error).toHaveBeenCalledWith(fault)
    expect(log.warn).not.toHaveBeenCalled()
  })

  it('logs a post to an address without an action as one line, with no stack', async () => {
    // What React Router meets on an anonymous POST to /admin/agenda.data: the route has a loader only.
    const handler = createStaticHandler([{ id: 'agenda', path: '/admin/agenda', loader: () => null }])
    const request = new Request('http://clinic.example/admin/agenda', { method: 'POST', body: 'a=1' })
    const context = await handler.query(request)
    const error = context instanceof Response ? null : Object.values(context.errors ?? {})[0]
    const log = logger()
    logServerError(error, request, log)
    expect(log.warn).toHaveBeenCalledExactlyOnceWith('Refused a POST to /admin/agenda: the address takes no form.')
    expect(log.error).not.toHaveBeenCalled()
  })

  it('logs nothing for a request its client gave up on', () => {
    const log = logger()
    const controller = new AbortController()
    controller.abort()
    logServerError(new Error('aborted'), new Request('http://clinic.example/clinic', { signal: controller.signal }), log)
    expect(log.error).not.toHaveBeenCalled()
    expect(log.warn).not.toHaveBeenCalled()
  })
})
