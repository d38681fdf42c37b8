// node bench.mjs name=url name=url ... : interleaved GETs, median and p90 per URL (keep-alive)
const targets = process.argv.slice(2).map((a) => { const i = a.indexOf('='); return { name: a.slice(0, i), url: a.slice(i + 1), times: [] } })
const N = Number(process.env.N ?? 300)
for (const t of targets) for (let i = 0; i < 20; i++) await (await fetch(t.url)).arrayBuffer()
for (let i = 0; i < N; i++) {
  const order = i % 2 ? targets : [...targets].reverse()
  for (const t of order) {
    const start = performance.now()
    const res = await fetch(t.url)
    const body = await res.arrayBuffer()
    t.times.push(performance.now() - start)
    if (res.status !== 200) throw new Error(`${t.name} ${res.status}`)
    t.size = body.byteLength
  }
}
for (const t of targets) {
  t.times.sort((a, b) => a - b)
  const q = (p) => t.times[Math.min(t.times.length - 1, Math.floor(p * t.times.length))].toFixed(2)
  console.log(`${t.name}: ${t.size} bytes, median ${q(0.5)} ms, p90 ${q(0.9)} ms (n=${t.times.length})`)
}
