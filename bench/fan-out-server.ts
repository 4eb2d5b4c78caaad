import http from 'node:http'

// The floor of a broadcast on this machine: a bare Node HTTP server, as its own process like the
// Inkwell server, holding Server-Sent Events streams and writing one frame to every one of them,
// with no database and no application code. `bench/notifications.ts` starts it on the port given
// as the first argument and measures it with the same client as Inkwell's streams.
//   GET  /stream  opens a stream
//   POST /fire    answers, then writes the request's body, as one event, to every stream

const streams = new Set<http.ServerResponse>()
let lastId = 0

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stream') {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
    res.flushHeaders()
    streams.add(res)
    res.on('close', () => streams.delete(res))
    return
  }
  if (req.method === 'POST' && req.url === '/fire') {
    let data = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      data += chunk
    })
    req.on('end', () => {
      res.end()
      lastId++
      // After the answer, as Inkwell delivers a broadcast after its request has answered.
      setImmediate(() => {
        for (const stream of streams) stream.write(`id: ${lastId}\nevent: created\ndata: ${data}\n\n`)
      })
    })
    return
  }
  res.writeHead(404).end()
})

server.listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('listening\n'))
