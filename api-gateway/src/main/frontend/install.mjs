// api-gateway's build (phase generate-resources): installs the dashboard's pinned browser packages (uPlot) with
// npm ci when package-lock.json changed since the last install, as system-tests' test-tools/install.mjs does, then
// copies the files the pages load into the classes' dashboard/vendor/ (the first argument), where the gateway serves
// them from its own origin. node_modules and the copies are build output, never committed.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const target = resolve(process.argv[2] ?? join(here, '..', '..', '..', 'target', 'classes', 'dashboard', 'vendor'));

// What the pages load, and the library's licence beside it.
const FILES = [
  ['node_modules/uplot/dist/uPlot.iife.min.js', 'uplot.js'],
  ['node_modules/uplot/dist/uPlot.min.css', 'uplot.css'],
  ['node_modules/uplot/LICENSE', 'uplot.LICENSE'],
];

const lockHash = createHash('sha256').update(readFileSync(join(here, 'package-lock.json'))).digest('hex');
const marker = join(here, 'node_modules', '.billing-lock-sha256');
if (!existsSync(marker) || readFileSync(marker, 'utf8').trim() !== lockHash) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // --prefer-offline: a machine that installed it once builds from npm's cache without the registry.
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: here, stdio: 'inherit' });
  if (install.error || install.status !== 0) {
    console.error(`api-gateway frontend: npm ci failed (${install.error ? install.error.message : 'exit code ' + install.status})`);
    process.exit(1);
  }
  writeFileSync(marker, lockHash + '\n');
}
mkdirSync(target, { recursive: true });
for (const [from, to] of FILES) {
  copyFileSync(join(here, from), join(target, to));
}
