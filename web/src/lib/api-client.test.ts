import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './api-client';
import { errorMessage, notifyError } from './notify';
import { STORAGE_KEYS } from './storage';
import { toastStore } from './toast';
import { mockFetch } from '../testing/fetch-mock';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('api client requests', () => {
  it('sends the bearer token, the organization header and cookies', async () => {
    // prepare
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token-123');
    const { requests } = mockFetch({ 'GET /api/v1/organizations/org-1/members': () => ({ json: { data: [], count: 0 } }) });
    // act
    const result = await api.get('/organizations/org-1/members', { organizationId: 'org-1' });
    // assess
    expect(result).toEqual({ data: [], count: 0 });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token-123');
    expect(requests[0]!.headers.get('X-Organization-ID')).toBe('org-1');
    expect(requests[0]!.credentials).toBe('include');
  });

  it('sends no organization header on calls outside an organization, and no token when signed out', async () => {
    const { requests } = mockFetch({ 'GET /api/v1/invitations/public/abc': () => ({ json: { email: 'a@b.jo' } }) });
    await api.get('/invitations/public/abc');
    expect(requests[0]!.headers.has('X-Organization-ID')).toBe(false);
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('form-encodes the sign-in body', async () => {
    const { requests } = mockFetch({ 'POST /api/v1/login/access-token': () => ({ json: { access_token: 't', token_type: 'bearer' } }) });
    await api.post('/login/access-token', { form: { username: 'a@b.jo', password: 'p@ss word' } });
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(requests[0]!.body).toBe('username=a%40b.jo&password=p%40ss+word');
  });

  it('drops empty query parameters', async () => {
    const { requests } = mockFetch({ 'GET /api/v1/organizations/o/audit-logs': () => ({ json: { data: [], count: 0 } }) });
    await api.get('/organizations/o/audit-logs', { query: { action: '', user_id: undefined, skip: 0, limit: 50 } });
    expect(requests[0]!.url).toBe('/api/v1/organizations/o/audit-logs?skip=0&limit=50');
  });
});

describe('api client error handling (SPEC §8)', () => {
  it('shows a detail string as it is', async () => {
    mockFetch({ 'POST /api/v1/organizations': () => ({ status: 409, json: { detail: 'An organization with this name already exists' } }) });
    const error = await api.post('/organizations', { json: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect(errorMessage(error)).toBe('An organization with this name already exists');

    notifyError(error);
    expect(toastStore.getSnapshot()).toMatchObject([
      { type: 'error', title: 'Something went wrong!', description: 'An organization with this name already exists' },
    ]);
  });

  it('shows the first entry of a detail list, titled Validation Error on 422', async () => {
    mockFetch({
      'POST /api/v1/users/signup': () => ({
        status: 422,
        json: {
          detail: [
            { loc: ['body', 'email'], msg: 'Invalid email address', type: 'invalid_format' },
            { loc: ['body', 'password'], msg: 'Password must be at least 8 characters', type: 'too_small' },
          ],
        },
      }),
    });
    const error = await api.post('/users/signup', { json: {} }).catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('Invalid email address');

    notifyError(error);
    expect(toastStore.getSnapshot()).toMatchObject([{ type: 'error', title: 'Validation Error', description: 'Invalid email address' }]);
  });

  it('falls back to "Something went wrong" when the answer has no usable detail', async () => {
    mockFetch({
      'GET /api/v1/users/me': () => ({ status: 502, text: '<html>Bad Gateway</html>' }),
      'GET /api/v1/organizations': () => ({ status: 500, json: { detail: [] } }),
      'GET /api/v1/onboarding/status': () => ({ status: 400, json: { message: 'not a detail' } }),
    });
    for (const path of ['/users/me', '/organizations', '/onboarding/status']) {
      const error = await api.get(path).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(errorMessage(error)).toBe('Something went wrong');
    }
    const badGateway = await api.get('/users/me').catch((e: unknown) => e);
    expect((badGateway as ApiError).body).toBe('<html>Bad Gateway</html>');
    expect((badGateway as ApiError).message).toBe('502 Error');
  });

  it('treats a request that never got an answer as "Something went wrong"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await api.get('/users/me').catch((e: unknown) => e);
    notifyError(error);
    expect(toastStore.getSnapshot()).toMatchObject([{ title: 'Something went wrong!', description: 'Something went wrong' }]);
  });

  it('reports a rejected token, but not a failed sign-in without one', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({
      'POST /api/v1/login/access-token': () => ({ status: 401, json: { detail: 'Incorrect email or password' } }),
      'GET /api/v1/users/me': () => ({ status: 401, json: { detail: 'Could not validate credentials' } }),
    });

    await api.post('/login/access-token', { form: { username: 'a', password: 'b' } }).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();

    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'expired');
    await api.get('/users/me').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

/** A stand-in XMLHttpRequest: reports upload progress in two steps, then answers with `reply`. */
function stubXhr(reply: { status: number; body: unknown }) {
  const sent: { method: string; url: string; headers: Record<string, string>; withCredentials: boolean }[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) { this.request.method = method; this.request.url = url; }
    setRequestHeader(name: string, value: string) { this.request.headers[name.toLowerCase()] = value; }
    getResponseHeader() { return 'application/json'; }
    abort() { this.onabort?.(); }
    send() {
      sent.push({ ...this.request, withCredentials: this.withCredentials });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
      this.status = reply.status;
      this.statusText = reply.status === 201 ? 'Created' : 'Error';
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploads with progress', () => {
  it('reports progress and sends the same headers and cookies as every other call', async () => {
    // prepare
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token-xyz');
    const sent = stubXhr({ status: 201, body: { id: 'f1', filename: 'a.pdf' } });
    const progress: number[] = [];
    const formData = new FormData();
    formData.append('file', new Blob(['%PDF-1.7']), 'a.pdf');
    // act
    const result = await api.post('/organizations/org-1/file-uploads/upload', { organizationId: 'org-1', formData, onUploadProgress: (f) => progress.push(f) });
    // assess
    expect(result).toEqual({ id: 'f1', filename: 'a.pdf' });
    expect(progress).toEqual([0.25, 1, 1]);
    expect(sent[0]).toMatchObject({ method: 'POST', withCredentials: true, url: '/api/v1/organizations/org-1/file-uploads/upload' });
    expect(sent[0]!.headers.authorization).toBe('Bearer token-xyz');
    expect(sent[0]!.headers['x-organization-id']).toBe('org-1');
  });

  it('turns a refused upload into the same ApiError with the server detail', async () => {
    stubXhr({ status: 415, body: { detail: 'File type not allowed' } });
    const formData = new FormData();
    const error = await api.post('/organizations/org-1/file-uploads/upload', { organizationId: 'org-1', formData, onUploadProgress: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).detail).toBe('File type not allowed');
  });
});
