import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * How the proxy treats traffic: `pass` forwards it; `blackhole` accepts connections and silently drops every
 * byte both ways (a network that stopped answering: nothing is refused, nothing arrives); `refuse` closes the
 * listener and the connections it carried (a server that is down: connecting is refused at once).
 */
export type ProxyMode = 'pass' | 'blackhole' | 'refuse';

export interface TcpProxy {
  /** 127.0.0.1:<port>, the same in every mode. */
  host: string;
  port: number;
  mode(): ProxyMode;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket | null;
  /** Dropping every byte: the link was made, or caught, while blackholed. */
  held: boolean;
}

/** A TCP proxy in front of `target` on a free port of 127.0.0.1, for fault injection in tests. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const links = new Set<Link>();

  const end = (link: Link) => {
    links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  };

  const accept = (client: Socket) => {
    const link: Link = { client, upstream: null, held: mode === 'blackhole' };
    links.add(link);
    client.on('error', () => end(link));
    client.on('close', () => end(link));
    if (link.held) {
      // Read and forget, as a blackhole does: the client's writes succeed and nothing ever answers.
      client.on('data', () => {});
      return;
    }
    const upstream = createConnection(target);
    link.upstream = upstream;
    upstream.on('error', () => end(link));
    upstream.on('close', () => end(link));
    client.on('data', (chunk) => {
      if (!link.held) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!link.held) client.write(chunk);
    });
  };

  let server: Server | null = null;
  const listen = async (port: number) => {
    const next = createServer(accept);
    next.listen(port, '127.0.0.1');
    await once(next, 'listening');
    server = next;
    const address = next.address();
    if (!address || typeof address === 'string') throw new Error('the proxy has no port');
    return address.port;
  };
  const stopListening = async () => {
    const running = server;
    server = null;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  const port = await listen(0);

  return {
    host: '127.0.0.1',
    port,
    mode: () => mode,
    async setMode(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'blackhole') {
        for (const link of links) link.held = true;
      }
      if (next === 'refuse') {
        for (const link of [...links]) end(link);
        await stopListening();
      }
      if (next === 'pass') {
        // A connection that lived through the outage lost bytes on the way: it is gone, as after a long outage.
        for (const link of [...links]) end(link);
        if (previous === 'refuse') await listen(port);
        // Lets the clients see their connections end before the next request picks one from a pool.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      for (const link of [...links]) end(link);
      await stopListening();
    },
  };
}
