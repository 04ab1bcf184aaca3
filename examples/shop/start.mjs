// `npm start`: builds the client library when its dist is missing (once), then starts the shop.
import { existsSync } from 'node:fs';
import { buildLibraryIfMissing } from './prepare.mjs';

buildLibraryIfMissing();
if (!existsSync(new URL('./node_modules/@abk/billing/package.json', import.meta.url))) {
  console.error('example shop: run `npm ci` in examples/shop first');
  process.exit(1);
}
await import('./src/main.mjs');
