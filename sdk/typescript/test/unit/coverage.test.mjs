// Holds the client to openapi.json: every operation an API key may call (no x-member-only) has a method, and each
// method sends that operation's HTTP method and path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { Billing, OPERATIONS } from '../../dist/esm/index.mjs';
import { startFakeApi } from './fake-api.mjs';

const openapi = JSON.parse(readFileSync(new URL('../../../../api-gateway/src/main/resources/openapi/openapi.json', import.meta.url), 'utf8'));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const apiKeyOperations = Object.entries(openapi.paths)
  .filter(([path]) => path.startsWith('/v1/'))
  .flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] && !item[method]['x-member-only']).map((method) => ({
      operationId: item[method].operationId,
      method: method.toUpperCase(),
      path,
    })),
  );

/** Arguments for the methods whose first argument is not an id or whose body has required fields. */
const ARGUMENTS = {
  'testClock.change': [{ advanceBySeconds: 60 }],
  'account.putLogo': [new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png'],
};

let api;
let billing;
before(async () => {
  api = await startFakeApi();
  billing = new Billing({ apiKey: 'sk_test', baseUrl: api.baseUrl });
});
after(() => api.close());

function resolve(name) {
  const [resource, method] = name.split('.');
  return { owner: billing[resource], fn: billing[resource]?.[method] };
}

test('openapi.json has the 67 operations an API key may call', () => {
  assert.equal(apiKeyOperations.length, 67);
});

test('every API-key operation of openapi.json has a client method, and the table names no other', () => {
  const missing = apiKeyOperations.filter(({ operationId }) => {
    const name = OPERATIONS[operationId];
    return name === undefined || typeof resolve(name).fn !== 'function';
  });
  assert.deepEqual(missing.map((operation) => operation.operationId), [], 'operations without a method');
  const known = new Set(apiKeyOperations.map((operation) => operation.operationId));
  assert.deepEqual(Object.keys(OPERATIONS).filter((operationId) => !known.has(operationId)), [], 'methods of no such operation');
});

test('each method sends its operation\'s HTTP method and path', async () => {
  for (const { operationId, method, path } of apiKeyOperations) {
    const name = OPERATIONS[operationId];
    const { owner, fn } = resolve(name);
    const ids = (path.match(/\{[^}]+\}/g) ?? []).map((_, i) => `x_${i + 1}`);
    const args = ARGUMENTS[name] ?? [...ids, ...(fn.length > ids.length ? [{}] : [])];
    api.requests.length = 0;
    api.answer({ body: { hasMore: false } });
    const call = fn.apply(owner, args);
    await (typeof call.firstPage === 'function' ? call.firstPage() : call);
    let expected = path;
    ids.forEach((id) => (expected = expected.replace(/\{[^}]+\}/, id)));
    assert.equal(api.requests.length, 1, name);
    assert.equal(`${api.requests[0].method} ${api.requests[0].path}`, `${method} ${expected}`, name);
  }
});

test('the logo is sent as the image bytes with its type', async () => {
  api.requests.length = 0;
  api.answer({ body: { account: { id: 'mer_1', logoPath: '/checkout/brand/mer_1/logo' } } });
  const account = await billing.account.putLogo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
  assert.equal(account.logoPath, '/checkout/brand/mer_1/logo');
  assert.equal(api.requests[0].headers['content-type'], 'image/jpeg');
  assert.deepEqual([...api.requests[0].bytes], [0xff, 0xd8, 0xff, 0xe0]);
});
