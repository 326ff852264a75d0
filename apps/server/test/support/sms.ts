import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP stand-in for the SMS provider: it accepts the Twilio-style form (To, Body) the sms module
// posts and keeps each text in arrival order.

export interface Text {
  to: string;
  body: string;
}

export interface TestSmsProvider {
  url: string;
  texts: Text[];
  close(): Promise<void>;
}

export async function startSmsProvider(): Promise<TestSmsProvider> {
  const texts: Text[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      texts.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    texts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
