// Makes the shop runnable from a clean clone: builds the client library when its dist is missing (by the library's own
// build, sdk/typescript/maven.mjs: npm ci when its lock changed, then npm run build) and, run as a script, installs the
// shop's packages with npm ci when its package-lock.json changed since the last install. `npm start` does both;
// system-tests' build runs the script with its unit tests (then also the shop's tests) and before its integration
// tests (ShopBrowserIT).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const library = join(here, '..', '..', 'sdk', 'typescript');

function run(command, args, cwd, what) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.error || result.status !== 0) {
    console.error(`example shop: ${what} failed (${result.error ? result.error.message : 'exit code ' + result.status})`);
    process.exit(1);
  }
}

/** Builds sdk/typescript once: its dist is build output, not in the repository. */
export function buildLibraryIfMissing() {
  if (!existsSync(join(library, 'dist', 'esm', 'index.mjs'))) {
    console.log('example shop: building the client library in sdk/typescript (once)');
    run(process.execPath, ['maven.mjs', 'build'], library, 'building the client library');
  }
}

/** Installs the shop's packages (the library, linked) with npm ci when its package-lock.json changed. */
export function installIfChanged() {
  const lockHash = createHash('sha256').update(readFileSync(join(here, 'package-lock.json'))).digest('hex');
  const marker = join(here, 'node_modules', '.billing-lock-sha256');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === lockHash) {
    return;
  }
  run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund'], here, 'npm ci');
  writeFileSync(marker, lockHash + '\n');
}

// `node prepare.mjs` prepares; `node prepare.mjs test` prepares, then runs the shop's tests (npm test).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildLibraryIfMissing();
  installIfChanged();
  if (process.argv[2] === 'test') {
    run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['test'], here, 'npm test');
  }
}
