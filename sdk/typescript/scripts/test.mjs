// `npm test`: the type test of the declarations (test/types), then the unit tests, test/unit/*.test.mjs, with
// node --test (Node 20's runner takes no glob itself).
// They load the built package (dist), so `npm run build` comes first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'dist', 'esm', 'index.mjs'))) {
  console.error('sdk/typescript: no build to test; run npm run build first');
  process.exit(1);
}
// The declarations as consumers see them: test/types compiles ESM and CommonJS usage under nodenext resolution.
const types = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'test', 'types')], {
  cwd: root,
  stdio: 'inherit',
});
if (types.status !== 0) {
  console.error('sdk/typescript: the declarations do not type-check as test/types uses them');
  process.exit(1);
}
const unit = join(root, 'test', 'unit');
const files = readdirSync(unit).filter((name) => name.endsWith('.test.mjs')).sort().map((name) => join(unit, name));
const run = spawnSync(process.execPath, ['--test', ...process.argv.slice(2), ...files], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
