// A plain Node static server for the benchmark's yardstick: it answers GET /<n> with the bytes and
// headers of the n-th file given (a page as the site sent it), from memory, and nothing else.
// Usage: node static-server.js <port> <file.json>...  where each file is { headers, body (base64) }.
import { readFileSync } from 'node:fs'
import http from 'node:http'

const [port, ...files] = process.argv.slice(2)
const pages = files.map((file) => {
  const { headers, body } = JSON.parse(readFileSync(file, 'utf8'))
  return { headers, body: Buffer.from(body, 'base64') }
})
http
  .createServer((req, res) => {
    const page = pages[Number(req.url?.slice(1))]
    if (!page) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { ...page.headers, 'Content-Length': page.body.length })
    res.end(page.body)
  })
  .listen(Number(port), '127.0.0.1', () => console.info('static server ready'))
process.on('SIGTERM', () => process.exit(0))
