// What the browser tests share: Debian's Chromium and how it is started, and the accessibility check of a page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The browser: Debian's Chromium (playwright-core downloads none), or the one BILLING_CHROMIUM names. */
export const CHROMIUM = process.env.BILLING_CHROMIUM || '/usr/bin/chromium';
// TOOLCHAIN: without the background-networking flags Chromium keeps calling Google hosts this machine cannot reach.
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** axe-core's serious and critical violations on the page, each as one line. */
export async function seriousViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    // Evaluated through the DevTools protocol, not as a <script>: the pages' CSP rightly refuses inline scripts.
    await page.evaluate(AXE);
  }
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}
