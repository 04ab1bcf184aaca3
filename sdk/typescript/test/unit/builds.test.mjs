// The package loads both ways, as its package.json exports say, and says its own version.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

test('import loads the ESM build and require the CommonJS build, with the same exports', async () => {
  const esm = await import('@abk/billing');
  const cjs = require('@abk/billing');
  assert.equal(typeof esm.Billing, 'function');
  assert.equal(typeof cjs.Billing, 'function');
  assert.notEqual(esm.Billing, cjs.Billing, 'two builds, not one module seen twice');
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(esm).sort());
  for (const name of ['BillingError', 'AuthenticationError', 'InvalidRequestError', 'NotFoundError', 'IdempotencyError',
    'RateLimitError', 'ApiError', 'ConnectionError', 'SignatureVerificationError', 'Webhooks', 'constructEvent']) {
    assert.equal(typeof cjs[name], 'function', name);
  }
  assert.ok(new cjs.RateLimitError({ message: 'x' }) instanceof cjs.BillingError);
});

test('the package names its builds and declarations, and they exist', () => {
  const exported = manifest.exports['.'];
  for (const file of [exported.import, exported.require, exported.types]) {
    assert.ok(existsSync(new URL(`../../${file}`, import.meta.url)), file);
  }
  assert.equal(manifest.name, '@abk/billing');
  assert.deepEqual(manifest.dependencies ?? {}, {}, 'no runtime dependencies');
});

test('VERSION, sent in the User-Agent, is package.json\'s version', async () => {
  const { VERSION } = await import('@abk/billing');
  assert.equal(VERSION, manifest.version);
});
