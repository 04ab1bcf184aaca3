// api-gateway's build (phase generate-resources): installs the pages' pinned browser packages (uPlot, qrcode) with
// npm ci when package-lock.json changed since the last install, as system-tests' test-tools/install.mjs does, then
// copies the files the dashboard loads into the classes' dashboard/vendor/ (the first argument) and bundles qrcode's
// browser entry into one script in the classes' checkout/vendor/ (the second argument), where the gateway serves them
// from its own origin. node_modules and the copies are build output, never committed.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const classes = join(here, '..', '..', '..', 'target', 'classes');
const dashboard = resolve(process.argv[2] ?? join(classes, 'dashboard', 'vendor'));
const checkout = resolve(process.argv[3] ?? join(classes, 'checkout', 'vendor'));

// What the dashboard loads, and the library's licence beside it.
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
mkdirSync(dashboard, { recursive: true });
for (const [from, to] of FILES) {
  copyFileSync(join(here, from), join(dashboard, to));
}
mkdirSync(checkout, { recursive: true });
writeFileSync(join(checkout, 'qrcode.js'), bundle(join(here, 'node_modules', 'qrcode', 'lib', 'browser.js'), 'QRCode'));
copyFileSync(join(here, 'node_modules', 'qrcode', 'license'), join(checkout, 'qrcode.LICENSE'));

/**
 * qrcode ships CommonJS sources only (no browser build since 1.5): this joins the entry and every module it requires
 * (relative paths, and packages by their "main") into one script that sets window[name] to the entry's exports. The
 * order of the modules is the order they are first found, so the output is the same for the same lock.
 */
function bundle(entry, name) {
  const modules = new Map();
  const visit = (file) => {
    if (modules.has(file)) {
      return;
    }
    const source = readFileSync(file, 'utf8');
    const requires = {};
    modules.set(file, { id: modules.size, source, requires });
    for (const [, request] of source.matchAll(/require\(\s*'([^']+)'\s*\)/g)) {
      const target = resolveRequire(file, request);
      requires[request] = target;
      visit(target);
    }
  };
  visit(entry);
  const parts = [];
  for (const [, module] of modules) {
    const map = Object.fromEntries(Object.entries(module.requires).map(([request, file]) => [request, modules.get(file).id]));
    parts.push(`[function (module, exports, require) {\n${module.source}\n}, ${JSON.stringify(map)}]`);
  }
  return `/* ${name}: node-qrcode (MIT, see qrcode.LICENSE), bundled by api-gateway's src/main/frontend/install.mjs */\n`
      + `(function () {\n'use strict';\nvar defs = [\n${parts.join(',\n')}\n];\nvar cache = [];\n`
      + 'function load(id) {\n  if (cache[id]) { return cache[id].exports; }\n  var module = { exports: {} };\n'
      + '  cache[id] = module;\n'
      + '  defs[id][0].call(module.exports, module, module.exports, function (request) { return load(defs[id][1][request]); });\n'
      + '  return module.exports;\n}\n'
      + `window.${name} = load(0);\n})();\n`;
}

function resolveRequire(from, request) {
  if (request.startsWith('.')) {
    const path = resolve(dirname(from), request);
    return existsSync(path) && path.endsWith('.js') ? path : path + '.js';
  }
  const pkg = join(here, 'node_modules', request);
  const main = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).main || 'index.js';
  const path = join(pkg, main);
  return path.endsWith('.js') ? path : path + '.js';
}
