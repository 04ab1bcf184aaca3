// system-tests' build (phase pre-integration-test): installs the pinned browser-test packages (playwright-core,
// axe-core, viem; none downloads anything at install) with npm ci when package-lock.json changed since the last
// install, as contracts/build.mjs does for solc and anvil. Chromium itself is Debian's package, never downloaded.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const lockHash = createHash('sha256').update(readFileSync(join(here, 'package-lock.json'))).digest('hex');
const marker = join(here, 'node_modules', '.billing-lock-sha256');
if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === lockHash) {
  process.exit(0);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
if (install.error || install.status !== 0) {
  console.error(`system-tests test-tools: npm ci failed (${install.error ? install.error.message : 'exit code ' + install.status})`);
  process.exit(1);
}
writeFileSync(marker, lockHash + '\n');
