// The shop's settings, from the environment, with defaults that work beside `./billing run`.
import { join } from 'node:path';

/** Reads the settings; a missing key or a malformed URL is a clear error before anything starts. */
export function settingsFrom(env, shopDir) {
  const apiKey = env.BILLING_API_KEY;
  if (!apiKey) {
    throw new Error('BILLING_API_KEY is not set: use the demo test key that `./billing run` prints');
  }
  const port = Number(env.SHOP_PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`SHOP_PORT must be a port number, not ${env.SHOP_PORT}`);
  }
  const publicUrl = trimSlash(env.SHOP_PUBLIC_URL || `http://localhost:${port}`);
  new URL(publicUrl); // throws on a malformed URL
  return {
    apiKey,
    baseUrl: trimSlash(env.BILLING_BASE_URL || 'http://localhost:8080'),
    port,
    // SHOP_HOST narrows where it listens (default: every address, so both localhost's IPv4 and IPv6 reach it).
    host: env.SHOP_HOST || undefined,
    publicUrl,
    dataDir: env.SHOP_DATA_DIR || join(shopDir, 'data'),
  };
}

function trimSlash(url) {
  return url.replace(/\/+$/, '');
}
