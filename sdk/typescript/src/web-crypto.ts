// Web Crypto from the platform: globalThis.crypto in browsers, edge runtimes and Node 19+. Node 18 has it only as
// node:crypto's `webcrypto`, imported by a name a bundler for the edge does not try to resolve.

let cached: Promise<Crypto> | undefined;

export function webCrypto(): Promise<Crypto> {
  cached ??= load();
  return cached;
}

async function load(): Promise<Crypto> {
  const global = (globalThis as { crypto?: Crypto }).crypto;
  if (global?.subtle !== undefined) return global;
  const name = 'node:crypto';
  const nodeCrypto = (await import(/* webpackIgnore: true */ name)) as { webcrypto?: Crypto };
  if (nodeCrypto.webcrypto?.subtle === undefined) {
    throw new Error('@abk/billing needs Web Crypto (globalThis.crypto.subtle)');
  }
  return nodeCrypto.webcrypto;
}
