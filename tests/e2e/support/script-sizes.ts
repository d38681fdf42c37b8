/** The JavaScript a page loads, counted as a phone downloads it. */
import { get } from 'node:http'
import type { Page } from '@playwright/test'
import { isSameOrigin } from './html'

export interface PageRequests {
  /** The script files the page requested from the site. */
  scripts: Set<string>
  /** Requests to any other origin. */
  foreign: string[]
}

/** Records the page's requests from now on: its scripts, and whatever went to another origin. */
export function watchRequests(page: Page, baseURL: string): PageRequests {
  const requests: PageRequests = { scripts: new Set(), foreign: [] }
  page.on('request', (request) => {
    if (!isSameOrigin(request.url(), baseURL)) requests.foreign.push(request.url())
    else if (request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname)) requests.scripts.add(request.url())
  })
  return requests
}

type Encoding = 'gzip' | 'br'

/** Sizes already read in this worker: most pages share most of their scripts. */
const sizes = new Map<string, Promise<number>>()

/**
 * The bytes of the files, each as the server sends it with Brotli or with gzip (precompressed
 * files where the build made them, compressed on the fly otherwise), counted before decoding.
 */
export async function scriptBytes(urls: Iterable<string>): Promise<{ brotli: number; gzip: number }> {
  let brotli = 0
  let gzip = 0
  for (const url of urls) {
    brotli += await sizeOf(url, 'br')
    gzip += await sizeOf(url, 'gzip')
  }
  return { brotli, gzip }
}

function sizeOf(url: string, encoding: Encoding): Promise<number> {
  const key = `${encoding} ${url}`
  if (!sizes.has(key)) sizes.set(key, transferSize(url, encoding))
  return sizes.get(key)!
}

/** The bytes of a response sent with `Accept-Encoding: <encoding>`, as they cross the network. */
function transferSize(url: string, encoding: Encoding): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode}`))
      if (response.headers['content-encoding'] !== encoding) return reject(new Error(`${url} was not sent with ${encoding}`))
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
      response.on('error', reject)
    }).on('error', reject)
  })
}
