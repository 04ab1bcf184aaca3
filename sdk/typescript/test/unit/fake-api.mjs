// A local node:http server playing the billing API for the unit tests: each test queues the answers it wants, in
// order, and reads back the requests the client sent.
import { createServer } from 'node:http';

export const REQUEST_ID = 'req_0123456789abcdefghjkmnpqrs';

export async function startFakeApi() {
  const requests = [];
  const answers = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method, url: req.url, path: req.url.split('?')[0], headers: req.headers, body: body.toString('utf8'), bytes: body });
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (answer === undefined) {
        res.writeHead(500).end();
      } else if (typeof answer === 'function') {
        answer(req, res, requests[requests.length - 1]);
      } else {
        const headers = { 'content-type': 'application/json', 'x-request-id': REQUEST_ID, 'service-version': '2026-01-01', ...answer.headers };
        res.writeHead(answer.status ?? 200, headers).end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {}));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  return {
    baseUrl,
    requests,
    /** Queues answers; the last one queued keeps answering. */
    answer(...queued) {
      answers.length = 0;
      answers.push(...queued);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The API's error body. */
export function apiError(status, code, message, extra = {}) {
  return { status, body: { error: message, code, requestId: REQUEST_ID, ...extra } };
}

/** An answer that cuts the connection without a response. */
export function cut(req, res) {
  res.socket.destroy();
}
