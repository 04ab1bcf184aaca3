// The Maven build's entry point (phase generate-resources): installs the pinned npm packages when
// package-lock.json changed since the last install, then compiles the contracts.
// Usage: node build.mjs <outputDir>
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outputDir = process.argv[2];
if (!outputDir) {
  console.error('usage: node build.mjs <outputDir>');
  process.exit(2);
}

// npm ci wipes and reinstalls node_modules (about 3 s); a hash of the lock file inside node_modules says the
// installed tree already matches, so repeated builds skip it.
const lockHash = createHash('sha256').update(readFileSync(join(here, 'package-lock.json'))).digest('hex');
const marker = join(here, 'node_modules', '.billing-lock-sha256');
const installed = existsSync(marker) && readFileSync(marker, 'utf8').trim() === lockHash;
if (!installed) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
  if (install.error) {
    console.error(`contracts: cannot run npm (${install.error.message}); install Node.js 20+ with npm`);
    process.exit(1);
  }
  if (install.status !== 0) {
    console.error(`contracts: npm ci failed with exit code ${install.status}`);
    process.exit(1);
  }
  writeFileSync(marker, lockHash + '\n');
}

// solc-js takes tens of seconds of CPU; the same sources, compiler script and packages compile to the same artifacts,
// so a hash of them beside the output (in target, not in the jar) skips a compile that would change nothing.
const sourceDir = join(here, 'src', 'main', 'solidity');
const inputs = createHash('sha256').update(lockHash).update(readFileSync(join(here, 'compile.mjs')));
for (const file of readdirSync(sourceDir).filter((name) => name.endsWith('.sol')).sort()) {
  inputs.update(file).update(readFileSync(join(sourceDir, file)));
}
const inputsHash = inputs.update(outputDir).digest('hex');
// The stamp's first line is that hash, each further line an artifact the compile wrote: a compile is skipped only
// when the hash matches and every one of those artifacts is still there.
const stamp = join(here, 'target', 'solidity-inputs.sha256');
const artifacts = () => (existsSync(outputDir) ? readdirSync(outputDir).filter((name) => name.endsWith('.json')) : []);
if (existsSync(stamp)) {
  const [hash, ...written] = readFileSync(stamp, 'utf8').trim().split('\n');
  if (hash === inputsHash && written.length > 0 && written.every((name) => existsSync(join(outputDir, name)))) {
    console.log('contracts: the compiled artifacts match the sources; nothing to compile');
    process.exit(0);
  }
}

const compile = spawnSync(process.execPath,
    [join(here, 'compile.mjs'), sourceDir, outputDir],
    { cwd: here, stdio: 'inherit' });
if (compile.status === 0) {
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, [inputsHash, ...artifacts().sort()].join('\n') + '\n');
}
process.exit(compile.status ?? 1);
