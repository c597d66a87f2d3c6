/**
 * Hostile requests for property tests of servers a stranger could reach: any method, and paths
 * with traversal, encodings and dev-server prefixes mixed in, sent exactly as written.
 */
import fc from 'fast-check';
import { request } from 'node:http';

export const anyMethod = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');

export const hostilePath = fc
  .array(
    fc.oneof(
      fc.constantFrom('..', '%2e%2e', '@fs', '@vite', '@id', 'src', 'etc', 'passwd', 'node_modules', '__live-preview', 'refresh', '%00', '?', '#'),
      fc.webSegment(),
    ),
    {
      maxLength: 6,
    },
  )
  .map((parts) => `/${parts.join('/')}`);

export interface RawAnswer {
  status: number;
  body: string;
}

/** Sends the request as given (fetch would normalise the path) on a connection of its own. */
export function sendRaw(port: number, method: string, path: string, headers: Record<string, string>, body: string): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const sent = method === 'GET' ? undefined : body;
    // The length always said: Node sends a DELETE's or OPTIONS's body without one, which a server
    // reads as the next request.
    const length = sent === undefined ? {} : { 'content-length': String(Buffer.byteLength(sent)) };
    const req = request({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...length }, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode!, body: text }));
    });
    req.on('error', fail);
    req.end(sent);
  });
}
