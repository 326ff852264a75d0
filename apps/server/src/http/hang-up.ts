import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

// A request refused before its body was read (an ingest POST without a known key). Node would read and
// throw away the whole body, up to 10 MB, to keep the connection for a next request. Closing at once
// is no better: closing a socket with unread data sends a reset, and a client still uploading can lose
// the 401 it has not read yet. So after the answer has gone the connection stops reading and is closed
// LINGER_MS later, time for the client to read the answer; no more of the body is taken. A body that
// had already arrived whole keeps its connection.

export const LINGER_MS = 1000;

export function hangUpAfterAnswer(req: IncomingMessage, res: ServerResponse, lingerMs = LINGER_MS): void {
  res.once('finish', () => {
    const { socket } = req;
    // An injected request (tests, light-my-request) has no real socket to stop reading.
    if (req.complete || !(socket instanceof Socket)) return;
    // Node's own 'finish' listener (it ran first) set the body flowing into the void on the next tick;
    // pausing the socket after that stops reading from it (Node's server turns this into a readStop).
    setImmediate(() => socket.pause());
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
