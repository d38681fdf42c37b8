import { createStaticHandler } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { FormPost } from '../forms/page-answer'
import { handleServerError, logServerError } from './server-errors.server'

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

describe('handleServerError', () => {
  const page = () =>
    new Request('http://clinic.example/clinic/appointment', { method: 'POST', headers: { Origin: 'http://clinic.example' } })

  it('logs an error once when a form sent without JavaScript throws it again in the page rendered whole', () => {
    const log = logger()
    const fault = new Error('the action failed')
    const formPost: FormPost = { replay: false }
    // The action alone: logged.
    handleServerError(fault, { request: page(), context: { formPost } }, log)
    formPost.outcome = { thrown: fault }
    // The page rendered whole meets the same error again: not logged a second time.
    formPost.replay = true
    handleServerError(fault, { request: page(), context: { formPost } }, log)
    expect(log.error).toHaveBeenCalledExactlyOnceWith(fault)
  })

  it('logs any other error of that page, and every error of other requests', () => {
    const log = logger()
    const fault = new Error('the action failed')
    const other = new Error('a loader failed')
    handleServerError(other, { request: page(), context: { formPost: { replay: true, outcome: { thrown: fault } } } }, log)
    handleServerError(fault, { request: page(), context: { formPost: { replay: false, outcome: { thrown: fault } } } }, log)
    handleServerError(fault, { request: page(), context: {} }, log)
    expect(log.error).toHaveBeenCalledTimes(3)
  })
})
