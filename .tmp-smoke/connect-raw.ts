import http from 'node:http';
import net from 'node:net';
const server = http.createServer((req, res) => { res.end(`hello ${req.method} ${req.url} host=${req.headers.host}`); });
server.on('connect', (req, socket, head) => {
  socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  socket.once('data', (chunk: Buffer) => { socket.pause(); socket.unshift(chunk); console.log('first byte', chunk[0]); server.emit('connection', socket); socket.resume(); });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as any).port;
const c = net.connect(port, '127.0.0.1');
c.on('data', (d) => console.log('client got:', JSON.stringify(d.toString())));
c.write('CONNECT kb.test:80 HTTP/1.1\r\nHost: kb.test:80\r\n\r\n');
setTimeout(() => c.write('GET /x HTTP/1.1\r\nHost: kb.test\r\n\r\n'), 200);
setTimeout(() => { c.destroy(); server.close(); }, 1000);
