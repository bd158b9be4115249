import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
  credentials: RequestCredentials | undefined;
}

type Responder = (request: RecordedRequest) => { status?: number; json?: unknown; text?: string } | undefined;

/**
 * Replaces fetch with a router of canned answers, recording every request. Unrouted calls
 * answer 404 so a test fails loudly rather than hanging.
 */
export function mockFetch(routes: Record<string, Responder>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      url,
      method,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
      credentials: init?.credentials,
    };
    requests.push(request);
    const path = url.split('?')[0];
    const answer = routes[`${method} ${path}`]?.(request) ?? { status: 404, json: { detail: 'Not Found' } };
    const status = answer.status ?? 200;
    const body = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
    return new Response(status === 204 ? null : body, {
      status,
      statusText: status === 200 ? 'OK' : 'Error',
      headers: { 'content-type': answer.text !== undefined ? 'text/plain' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
