import { afterEach, describe, expect, it, vi } from 'vitest'
import { deliverDeskMessage, subscriberCount } from './desk-bus.server'
import { closeAllDeskStreams, deskEventStream, MAX_STREAMS_PER_MEMBER, openStreamCount } from './event-stream.server'

afterEach(() => {
  closeAllDeskStreams()
})

/** Reads a stream's frames as they come. */
function reader(response: Response) {
  const stream = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  let done = false
  void (async () => {
    for (;;) {
      const chunk = await stream.read().catch(() => ({ done: true, value: undefined }))
      if (chunk.done) break
      text += chunk.value
    }
    done = true
  })()
  return { text: () => text, done: () => done, cancel: () => stream.cancel() }
}

describe('the staff desk event stream', () => {
  it('opens with the counts, then passes on only the kinds the member may see, without patient data', async () => {
    const response = deskEventStream({
      memberId: 1,
      kinds: ['appointment'],
      counts: { appointment: 4 },
      signal: new AbortController().signal,
    })
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const stream = reader(response)
    deliverDeskMessage({ type: 'created', event: { kind: 'registration', id: 7, pending: 2 } })
    deliverDeskMessage({ type: 'created', event: { kind: 'appointment', id: 8, pending: 5 } })
    deliverDeskMessage({ type: 'resync' })
    await vi.waitFor(() => expect(stream.text()).toContain('event: resync'))
    expect(stream.text()).toBe(
      'retry: 3000\n\nevent: hello\ndata: {"appointment":4}\n\n' +
        'event: created\ndata: {"kind":"appointment","id":8,"pending":5}\n\n' +
        'event: resync\ndata: {}\n\n',
    )
  })

  it('sends a keep-alive comment at each interval', async () => {
    const stream = reader(
      deskEventStream({ memberId: 1, kinds: ['appointment'], counts: {}, signal: new AbortController().signal, keepAliveMs: 20 }),
    )
    await vi.waitFor(() => expect(stream.text().match(/: keep-alive\n\n/g)?.length ?? 0).toBeGreaterThanOrEqual(2))
  })

  it('frees its listener when the tab closes (the request is aborted or the body cancelled)', async () => {
    const before = subscriberCount()
    const aborted = new AbortController()
    const first = reader(deskEventStream({ memberId: 2, kinds: ['appointment'], counts: {}, signal: aborted.signal }))
    const second = reader(deskEventStream({ memberId: 2, kinds: ['appointment'], counts: {}, signal: new AbortController().signal }))
    expect(subscriberCount()).toBe(before + 2)
    aborted.abort()
    await vi.waitFor(() => expect(first.done()).toBe(true))
    await second.cancel()
    expect(subscriberCount()).toBe(before)
    expect(openStreamCount(2)).toBe(0)
  })

  it(`keeps at most ${MAX_STREAMS_PER_MEMBER} streams per member, ending the oldest with a word not to reconnect`, async () => {
    const streams = Array.from({ length: MAX_STREAMS_PER_MEMBER + 1 }, () =>
      reader(deskEventStream({ memberId: 3, kinds: ['registration'], counts: {}, signal: new AbortController().signal })),
    )
    const other = reader(deskEventStream({ memberId: 4, kinds: ['registration'], counts: {}, signal: new AbortController().signal }))
    expect(openStreamCount(3)).toBe(MAX_STREAMS_PER_MEMBER)
    await vi.waitFor(() => expect(streams[0]!.done()).toBe(true))
    expect(streams[0]!.text()).toMatch(/event: evicted\n/)
    expect(streams.slice(1).every((s) => !s.done())).toBe(true)
    expect(other.done()).toBe(false)
  })

  it('ends every open stream when the server stops', async () => {
    const streams = [1, 2, 3].map((memberId) =>
      reader(deskEventStream({ memberId, kinds: ['appointment'], counts: {}, signal: new AbortController().signal })),
    )
    expect(closeAllDeskStreams()).toBe(3)
    await vi.waitFor(() => expect(streams.every((s) => s.done())).toBe(true))
    expect(openStreamCount()).toBe(0)
  })
})
