/*
 * Daftar's interactive API reference (GET /api/v1/docs): renders every operation of
 * /api/v1/openapi.json grouped by resource, with an Authorize box (bearer token or API key, and the
 * organization sent as X-Organization-ID) and a "Try it" form per operation that sends the request
 * with fetch and shows the status and the answer.
 *
 * Served by the meta Lambda from functions/assets/api-docs/ under a Content-Security-Policy of
 * `script-src 'self'; style-src 'self'; connect-src 'self'` with Trusted Types: so no inline
 * script, style attribute or event-handler attribute, and the DOM is built with createElement and
 * textContent only, never parsed from HTML strings. Plain browser JavaScript, no dependencies.
 */
(() => {
  'use strict';

  const SPEC_URL = '/api/v1/openapi.json';
  const LOGIN_PATH = '/api/v1/login/access-token';
  const STORE_KEYS = { token: 'daftar.apiDocs.token', org: 'daftar.apiDocs.organization' };
  const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
  const MAX_SHOWN_CHARS = 200_000;

  // ---------------------------------------------------------------------------------------------
  // DOM helpers

  /** An element with attributes (`class`, `text`, `on<event>` listeners, others as attributes) and children. */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
      else if (key === 'value') node.value = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === undefined || child === null || child === false) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  const clear = (node) => node.replaceChildren();

  // ---------------------------------------------------------------------------------------------
  // The caller: token and organization, kept for this browser tab only

  const storage = (() => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  })();
  const auth = {
    token: storage?.getItem(STORE_KEYS.token) || '',
    organization: storage?.getItem(STORE_KEYS.org) || '',
  };
  const authListeners = new Set();

  function setAuth(change) {
    Object.assign(auth, change);
    for (const [key, storeKey] of Object.entries(STORE_KEYS)) {
      const value = key === 'token' ? auth.token : auth.organization;
      if (!storage) continue;
      if (value) storage.setItem(storeKey, value);
      else storage.removeItem(storeKey);
    }
    for (const listener of authListeners) listener();
  }

  /** A request of this page's own (sign-in, who am I): the answer's JSON, or an Error with its detail. */
  async function api(method, path, { body, headers } = {}) {
    const res = await fetch(path, { method, headers: { accept: 'application/json', ...headers }, body, credentials: 'same-origin' });
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    if (!res.ok) throw new Error(`${res.status}: ${detailOf(json) || text || res.statusText}`);
    return json;
  }

  function detailOf(json) {
    if (!json || json.detail === undefined) return '';
    if (typeof json.detail === 'string') return json.detail;
    if (Array.isArray(json.detail)) return json.detail.map((d) => `${(d.loc || []).join('.')}: ${d.msg}`).join('; ');
    return JSON.stringify(json.detail);
  }

  const bearer = () => (auth.token ? { authorization: `Bearer ${auth.token}` } : {});

  function authorizeBox() {
    const status = el('p', { class: 'auth-status', role: 'status' });
    const tokenInput = el('input', { type: 'password', id: 'auth-token', autocomplete: 'off', spellcheck: 'false', placeholder: 'eyJ… or dft_…', value: auth.token });
    const orgInput = el('input', { type: 'text', id: 'auth-org', autocomplete: 'off', spellcheck: 'false', placeholder: 'organization id', list: 'auth-org-options', value: auth.organization });
    const orgOptions = el('datalist', { id: 'auth-org-options' });
    const orgPicker = el('div', { class: 'org-picker' });

    async function describeCaller() {
      clear(orgPicker);
      if (!auth.token) {
        status.textContent = 'Not authorized: public operations only.';
        status.className = 'auth-status';
        return;
      }
      status.textContent = 'Checking the token…';
      try {
        if (auth.token.startsWith('dft_')) {
          status.textContent = 'Authorized with an API key (it acts in its own organization).';
          status.className = 'auth-status ok';
          return;
        }
        const me = await api('GET', '/api/v1/users/me', { headers: bearer() });
        status.textContent = `Authorized as ${me.email}.`;
        status.className = 'auth-status ok';
        const organizations = await api('GET', '/api/v1/organizations', { headers: bearer() });
        const list = (organizations && organizations.data) || [];
        clear(orgOptions);
        for (const org of list) orgOptions.append(el('option', { value: org.id, text: org.name }));
        if (list.length) {
          orgPicker.append(
            el('span', { text: 'Your organizations: ' }),
            ...list.map((org) =>
              el('button', { type: 'button', class: org.id === auth.organization ? 'chip selected' : 'chip', onclick: () => { orgInput.value = org.id; setAuth({ organization: org.id }); describeCaller(); } }, org.name),
            ),
          );
          if (!auth.organization && list.length === 1) {
            orgInput.value = list[0].id;
            setAuth({ organization: list[0].id });
          }
        }
      } catch (error) {
        status.textContent = `The token was refused (${error.message}).`;
        status.className = 'auth-status error';
      }
    }

    const save = el(
      'form',
      {
        class: 'auth-form',
        onsubmit: (event) => {
          event.preventDefault();
          setAuth({ token: tokenInput.value.trim().replace(/^Bearer\s+/i, ''), organization: orgInput.value.trim() });
          describeCaller();
        },
      },
      el('label', { for: 'auth-token' }, 'Bearer token or API key'),
      tokenInput,
      el('label', { for: 'auth-org' }, 'Organization (X-Organization-ID)'),
      orgInput,
      orgOptions,
      el(
        'div',
        { class: 'buttons' },
        el('button', { type: 'submit', class: 'primary' }, 'Authorize'),
        el('button', { type: 'button', onclick: () => { tokenInput.value = ''; orgInput.value = ''; setAuth({ token: '', organization: '' }); describeCaller(); } }, 'Forget'),
      ),
    );

    const email = el('input', { type: 'email', id: 'login-email', autocomplete: 'username' });
    const password = el('input', { type: 'password', id: 'login-password', autocomplete: 'current-password' });
    const loginStatus = el('p', { class: 'auth-status', role: 'status' });
    const login = el(
      'form',
      {
        class: 'auth-form',
        onsubmit: async (event) => {
          event.preventDefault();
          loginStatus.textContent = 'Signing in…';
          loginStatus.className = 'auth-status';
          try {
            const answer = await api('POST', LOGIN_PATH, {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ username: email.value, password: password.value }).toString(),
            });
            password.value = '';
            tokenInput.value = answer.access_token;
            setAuth({ token: answer.access_token });
            loginStatus.textContent = 'Signed in: the token is filled in above.';
            loginStatus.className = 'auth-status ok';
            describeCaller();
          } catch (error) {
            loginStatus.textContent = `Sign-in failed (${error.message}).`;
            loginStatus.className = 'auth-status error';
          }
        },
      },
      el('label', { for: 'login-email' }, 'E-mail'),
      email,
      el('label', { for: 'login-password' }, 'Password'),
      password,
      el('div', { class: 'buttons' }, el('button', { type: 'submit' }, 'Get a token')),
      loginStatus,
    );

    describeCaller();
    return el(
      'section',
      { class: 'authorize', id: 'authorize', 'aria-labelledby': 'authorize-title' },
      el('h2', { id: 'authorize-title' }, 'Authorize'),
      el(
        'p',
        { class: 'hint' },
        'Requests carry ',
        el('code', {}, 'Authorization: Bearer <token>'),
        ' (a sign-in token from ',
        el('code', {}, `POST ${LOGIN_PATH}`),
        ', or an API key ',
        el('code', {}, 'dft_…'),
        ') and, where an operation takes it, ',
        el('code', {}, 'X-Organization-ID'),
        '. Both are kept in this tab only.',
      ),
      save,
      status,
      orgPicker,
      el('details', { class: 'login' }, el('summary', {}, 'No token? Sign in with e-mail and password'), login),
    );
  }

  // ---------------------------------------------------------------------------------------------
  // Schemas: an example body, a short type name

  function typeOf(schema) {
    if (!schema) return undefined;
    if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
    return schema.type;
  }

  function example(schema, depth = 0) {
    if (!schema || depth > 6) return null;
    if ('const' in schema) return schema.const;
    if ('default' in schema) return schema.default;
    if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
    if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
    const variants = schema.anyOf || schema.oneOf;
    if (Array.isArray(variants) && variants.length) return example(variants.find((v) => typeOf(v) !== 'null' && v.type !== 'null') || variants[0], depth + 1);
    if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s) => example(s, depth + 1)).filter((v) => v && typeof v === 'object'));
    switch (typeOf(schema)) {
      case 'object': {
        const out = {};
        const required = Array.isArray(schema.required) ? schema.required : null;
        for (const [name, property] of Object.entries(schema.properties || {})) {
          if (!required || required.includes(name)) out[name] = example(property, depth + 1);
        }
        return out;
      }
      case 'array':
        return schema.items ? [example(schema.items, depth + 1)] : [];
      case 'string':
        // Calendar dates are a pattern (YYYY-MM-DD) rather than a format.
        if (schema.format === 'date' || (schema.pattern || '').includes('\\d{4}-\\d{2}-\\d{2}')) return new Date().toISOString().slice(0, 10);
        if (schema.format === 'date-time') return new Date().toISOString();
        if (schema.format === 'email') return 'someone@example.jo';
        return '';
      case 'integer':
      case 'number':
        return typeof schema.minimum === 'number' ? schema.minimum : 0;
      case 'boolean':
        return false;
      default:
        return null;
    }
  }

  function shortType(schema) {
    if (!schema) return '';
    if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
    const variants = schema.anyOf || schema.oneOf;
    if (Array.isArray(variants)) return variants.map(shortType).join(' | ');
    const types = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type || '';
    return schema.format ? `${types} (${schema.format})` : types;
  }

  // ---------------------------------------------------------------------------------------------
  // One operation: its description and "Try it" form

  function pretty(value) {
    return JSON.stringify(value, null, 2);
  }

  function shellQuote(text) {
    return `'${String(text).replace(/'/g, `'\\''`)}'`;
  }

  function parameterInput(op, param) {
    const id = `${op.operationId}-${param.in}-${param.name}`;
    const schema = param.schema || {};
    let input;
    if (Array.isArray(schema.enum)) {
      input = el('select', { id }, el('option', { value: '', text: '' }), ...schema.enum.map((v) => el('option', { value: String(v), text: String(v) })));
    } else if (typeOf(schema) === 'boolean') {
      input = el('select', { id }, el('option', { value: '', text: '' }), el('option', { value: 'true', text: 'true' }), el('option', { value: 'false', text: 'false' }));
    } else {
      input = el('input', { id, type: 'text', spellcheck: 'false', placeholder: shortType(schema) });
    }
    const isOrganization = param.name === 'organization_id' || param.name.toLowerCase() === 'x-organization-id';
    if (isOrganization) {
      input.value = auth.organization;
      const follow = () => { input.value = auth.organization; };
      authListeners.add(follow);
    }
    return { param, input, id };
  }

  function operationBody(op) {
    const parts = [];
    if (op.description) parts.push(el('p', { class: 'access' }, op.description));
    if (op.security && op.security.length && !auth.token) parts.push(el('p', { class: 'hint' }, 'Needs a token: ', el('a', { href: '#authorize' }, 'authorize'), ' first.'));

    const fields = (op.parameters || []).map((param) => parameterInput(op, param));
    if (fields.length) {
      parts.push(
        el(
          'table',
          { class: 'params' },
          el('thead', {}, el('tr', {}, el('th', { text: 'Parameter' }), el('th', { text: 'In' }), el('th', { text: 'Value' }))),
          el(
            'tbody',
            {},
            fields.map(({ param, input, id }) =>
              el(
                'tr',
                {},
                el('td', {}, el('label', { for: id }, el('code', {}, param.name), param.required ? el('span', { class: 'required', title: 'required' }, ' *') : null)),
                el('td', { class: 'in', text: param.in }),
                el('td', {}, input),
              ),
            ),
          ),
        ),
      );
    }

    const content = (op.requestBody && op.requestBody.content) || {};
    const bodyType = Object.keys(content)[0];
    const bodySchema = bodyType ? content[bodyType].schema : null;
    let bodyInput = null;
    const formInputs = [];
    if (bodyType === 'application/json') {
      bodyInput = el('textarea', { id: `${op.operationId}-body`, rows: 8, spellcheck: 'false', class: 'json' });
      bodyInput.value = pretty(example(bodySchema));
      parts.push(el('label', { for: bodyInput.id, class: 'block' }, 'Request body (application/json)'), bodyInput);
    } else if (bodyType) {
      const properties = (bodySchema && bodySchema.properties) || {};
      parts.push(el('p', { class: 'block' }, `Request body (${bodyType})`));
      for (const [name, schema] of Object.entries(properties)) {
        const id = `${op.operationId}-body-${name}`;
        const input = schema.format === 'binary' ? el('input', { id, type: 'file' }) : el('input', { id, type: name === 'password' ? 'password' : 'text', spellcheck: 'false', placeholder: shortType(schema) });
        formInputs.push({ name, input, file: schema.format === 'binary' });
        parts.push(el('div', { class: 'form-field' }, el('label', { for: id }, el('code', {}, name), (bodySchema.required || []).includes(name) ? ' *' : ''), input));
      }
    }
    if (bodySchema) parts.push(el('details', { class: 'schema' }, el('summary', {}, 'Body schema'), el('pre', {}, pretty(bodySchema))));
    const success = Object.entries(op.responses || {}).find(([code]) => code.startsWith('2'));
    const successSchema = success && success[1].content && success[1].content['application/json'] && success[1].content['application/json'].schema;
    if (successSchema && Object.keys(successSchema).length) {
      parts.push(el('details', { class: 'schema' }, el('summary', {}, `Response ${success[0]} schema`), el('pre', {}, pretty(successSchema))));
    }

    const result = el('div', { class: 'result', 'aria-live': 'polite' });
    const sendButton = el('button', { type: 'submit', class: 'primary' }, 'Send');
    const form = el(
      'form',
      {
        class: 'try',
        onsubmit: async (event) => {
          event.preventDefault();
          sendButton.disabled = true;
          try {
            await send(op, fields, bodyType, bodyInput, formInputs, result);
          } finally {
            sendButton.disabled = false;
          }
        },
      },
      el('h4', {}, 'Try it'),
      ...parts,
      el('div', { class: 'buttons' }, sendButton),
      result,
    );
    return form;
  }

  async function send(op, fields, bodyType, bodyInput, formInputs, result) {
    clear(result);
    const problem = (text) => result.append(el('p', { class: 'error' }, text));
    const values = {};
    for (const { param, input } of fields) {
      const value = input.value.trim();
      if (!value && param.required) return problem(`Give ${param.name} (${param.in}).`);
      if (value) (values[param.in] ??= {})[param.name] = value;
    }
    let url = op.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(values.path?.[name] ?? ''));
    const query = new URLSearchParams(values.query || {});
    if ([...query.keys()].length) url += `?${query}`;
    const headers = { accept: 'application/json, */*;q=0.5', ...(values.header || {}) };
    if (op.security && op.security.length) Object.assign(headers, bearer());
    let body;
    if (bodyType === 'application/json') {
      const text = bodyInput.value.trim();
      if (text) {
        try {
          JSON.parse(text);
        } catch (error) {
          return problem(`The body is not valid JSON: ${error.message}`);
        }
        body = text;
        headers['content-type'] = 'application/json';
      }
    } else if (bodyType === 'application/x-www-form-urlencoded') {
      const form = new URLSearchParams();
      for (const { name, input } of formInputs) if (input.value) form.set(name, input.value);
      body = form.toString();
      headers['content-type'] = bodyType;
    } else if (bodyType === 'multipart/form-data') {
      const form = new FormData();
      for (const { name, input, file } of formInputs) {
        if (file && input.files && input.files[0]) form.set(name, input.files[0]);
        else if (!file && input.value) form.set(name, input.value);
      }
      body = form; // fetch sets the multipart boundary
    }

    const method = op.method.toUpperCase();
    const curl = ['curl', '-X', method, shellQuote(new URL(url, location.origin).href)];
    for (const [name, value] of Object.entries(headers)) curl.push('-H', shellQuote(`${name}: ${name === 'authorization' ? 'Bearer $TOKEN' : value}`));
    if (typeof body === 'string') curl.push('--data', shellQuote(body));

    const started = performance.now();
    let res;
    try {
      res = await fetch(url, { method, headers, body, credentials: 'same-origin' });
    } catch (error) {
      return problem(`The request failed: ${error.message}`);
    }
    const ms = Math.round(performance.now() - started);
    const type = res.headers.get('content-type') || '';
    const statusClass = res.ok ? 'ok' : res.status >= 500 ? 'fail' : 'refused';
    result.append(
      el('p', { class: `status ${statusClass}` }, el('strong', {}, `${res.status} ${res.statusText}`), ` · ${ms} ms${type ? ` · ${type}` : ''}`),
    );
    if (res.status === 401) result.append(el('p', { class: 'hint' }, 'Not authenticated: ', el('a', { href: '#authorize' }, 'authorize'), ' with a token.'));
    if (/json|text|xml|csv|html/.test(type) || !type) {
      const text = await res.text();
      let shown = text;
      if (type.includes('json') && text) {
        try {
          shown = pretty(JSON.parse(text));
        } catch {
          /* shown as it came */
        }
      }
      if (shown.length > MAX_SHOWN_CHARS) shown = `${shown.slice(0, MAX_SHOWN_CHARS)}\n… (${shown.length - MAX_SHOWN_CHARS} more characters)`;
      if (shown) result.append(el('pre', { class: 'response' }, shown));
    } else {
      const blob = await res.blob();
      const disposition = res.headers.get('content-disposition') || '';
      const named = /filename\*=UTF-8''([^;]+)/i.exec(disposition) || /filename="?([^";]+)"?/i.exec(disposition);
      const filename = named ? decodeURIComponent(named[1]) : 'download';
      result.append(el('p', {}, `${blob.size} bytes: `, el('a', { href: URL.createObjectURL(blob), download: filename }, `save ${filename}`)));
    }
    result.append(el('details', { class: 'curl' }, el('summary', {}, 'As curl'), el('pre', {}, curl.join(' '))));
  }

  function operationItem(op) {
    const item = el(
      'details',
      { class: 'op', id: op.operationId, 'data-search': `${op.method} ${op.path} ${op.summary || ''}`.toLowerCase() },
      el(
        'summary',
        {},
        el('span', { class: `method ${op.method}` }, op.method.toUpperCase()),
        el('code', { class: 'path' }, op.path),
        el('span', { class: 'summary' }, op.summary || ''),
        op.security && op.security.length ? el('span', { class: 'lock', title: 'Needs a token (Authorize)' }, 'token') : null,
      ),
    );
    // The form is built when the operation is first opened: a few hundred operations stay light.
    item.addEventListener('toggle', () => {
      if (item.open && !item.dataset.built) {
        item.dataset.built = 'yes';
        item.append(operationBody(op));
      }
    });
    return item;
  }

  // ---------------------------------------------------------------------------------------------
  // The page

  function render(doc) {
    const app = document.getElementById('app');
    const operations = [];
    for (const [path, item] of Object.entries(doc.paths || {})) {
      for (const method of METHODS) if (item[method]) operations.push({ ...item[method], method, path, operationId: item[method].operationId || `${method}-${path}` });
    }
    const tags = (doc.tags || []).map((t) => t.name);
    for (const op of operations) for (const tag of op.tags || ['other']) if (!tags.includes(tag)) tags.push(tag);
    const descriptions = Object.fromEntries((doc.tags || []).map((t) => [t.name, t.description || '']));

    const sections = tags
      .map((tag) => {
        const own = operations.filter((op) => (op.tags || ['other'])[0] === tag);
        if (!own.length) return null;
        return el(
          'section',
          { class: 'tag', id: `tag-${tag}` },
          el('h2', {}, tag, el('span', { class: 'count' }, ` ${own.length}`)),
          descriptions[tag] ? el('p', { class: 'tag-description' }, descriptions[tag]) : null,
          own.map(operationItem),
        );
      })
      .filter(Boolean);

    const search = el('input', { type: 'search', id: 'filter', placeholder: 'Filter: method, path or words (e.g. "post invoices")', autocomplete: 'off' });
    const shownCount = el('span', { class: 'shown-count' });
    function applyFilter() {
      const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      let shown = 0;
      for (const section of sections) {
        let any = false;
        for (const item of section.querySelectorAll('details.op')) {
          const match = words.every((w) => item.dataset.search.includes(w));
          item.hidden = !match;
          if (match) any = true;
          if (match) shown++;
        }
        section.hidden = !any;
      }
      shownCount.textContent = words.length ? `${shown} of ${operations.length} operations` : `${operations.length} operations`;
    }
    search.addEventListener('input', applyFilter);

    const nav = el(
      'nav',
      { class: 'toc', 'aria-label': 'Resources' },
      el('a', { href: '#authorize' }, 'Authorize'),
      ...sections.map((section) => el('a', { href: `#${section.id}` }, section.id.slice(4))),
    );

    const info = doc.info || {};
    clear(app);
    app.append(
      el(
        'div',
        { class: 'intro' },
        info.description ? el('p', {}, info.description) : null,
        el('p', {}, 'Machine-readable: ', el('a', { href: SPEC_URL }, SPEC_URL), ' (OpenAPI ', doc.openapi || '3', ').'),
      ),
      el('div', { class: 'layout' }, nav, el('div', { class: 'content' }, authorizeBox(), el('div', { class: 'filter' }, search, shownCount), sections)),
    );
    applyFilter();
    // A link to one operation (#operationId) opens it, now and whenever the hash changes.
    const openLinked = () => {
      const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (!target || !target.classList.contains('op')) return;
      if (target.hidden) {
        search.value = '';
        applyFilter();
      }
      target.open = true;
      target.scrollIntoView();
    };
    window.addEventListener('hashchange', openLinked);
    openLinked();
  }

  async function start() {
    const app = document.getElementById('app');
    try {
      const res = await fetch(SPEC_URL, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
      render(await res.json());
    } catch (error) {
      clear(app);
      app.append(el('p', { class: 'error' }, `The API description could not be loaded from ${SPEC_URL}: ${error.message}`));
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
