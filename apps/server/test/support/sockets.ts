import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { InFlight } from '../../src/http/in-flight';

// Raw HTTP conversations with a listening app, for attacks a well-behaved client cannot make: a body
// that stops arriving, a connection that sends nothing. Each socket is kept, so a test destroys every one
// before its app closes (a hung one would hold the close).

export interface Conversation {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

export class Sockets {
  readonly #open: Socket[] = [];

  async open(app: FastifyInstance): Promise<Conversation> {
    const { port } = app.server.address() as AddressInfo;
    const socket = connect({ host: '127.0.0.1', port });
    this.#open.push(socket);
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return { socket, received: () => text, closed };
  }

  destroyAll(): void {
    for (const socket of this.#open.splice(0)) socket.destroy();
  }
}

/** A POST whose body says 40 bytes and sends 1 (`headers`: more header lines, each ending CR LF). */
export function halfSentPost(c: Conversation, path = '/api/v3/accounts/login/', headers = ''): void {
  c.socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n${headers}` +
      'content-length: 40\r\n\r\n{',
  );
}

export async function untilInFlight(requests: InFlight, n: number): Promise<void> {
  while (requests.count !== n) await new Promise((resolve) => setTimeout(resolve, 10));
}
