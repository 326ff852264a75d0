import type { IncomingMessage, ServerResponse } from 'node:http';

// A request refused before its body was read (an ingest POST without a known key). Node would read and
// throw away the whole body, up to 10 MB, to keep the connection for a next request. Closing at once
// is no better: closing a socket with unread data sends a reset, and a client still uploading can lose
// the 401 it has not read yet. So, as web servers' "lingering close" does: after the answer has gone,
// at most LINGER_BYTES more of the body (or LINGER_MS) are read and discarded, then the connection is
// closed. A small body that ends within that keeps its connection.

export const LINGER_BYTES = 256 * 1024;
const LINGER_MS = 2000;

export function hangUpAfterAnswer(req: IncomingMessage, res: ServerResponse, limit = LINGER_BYTES): void {
  res.once('finish', () => {
    if (req.complete) return;
    // Node's own 'finish' listener ran first and discards the body as it comes (no 'data' events):
    // count it on the socket.
    const { socket } = req;
    const from = socket.bytesRead;
    const done = () => {
      clearTimeout(timer);
      socket.off('data', watch);
    };
    const close = () => {
      done();
      socket.destroy();
    };
    const watch = () => {
      if (req.complete) done();
      else if (socket.bytesRead - from > limit) close();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    socket.on('data', watch);
  });
}
