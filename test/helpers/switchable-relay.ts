// A TCP relay on port 0 that drops every connection until `open()` is called: a server (a
// database, a central gateway) that is not up yet, then is, without racing for a fixed port.

import net from 'node:net';

export interface SwitchableRelay {
  port: number;
  open(): void;
}

export async function startSwitchableRelay(t: { after(fn: () => unknown): void }, host: string, port: number): Promise<SwitchableRelay> {
  let forwarding = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (!forwarding) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as net.AddressInfo).port, open: () => { forwarding = true; } };
}
