// Drives the merchant dashboard in Debian's headless Chromium (playwright-core; no browser is downloaded) for
// DashboardBrowserIT. The Java test makes the team (a merchant and a member, through the operator API) and checks the
// server's answers afterwards; this script plays the member: it signs in with a wrong password, then the right one,
// looks at the home page, and signs out, by keyboard at 360 px and by mouse at 1280 px. At each step it checks the
// page's hooks (<main data-page>, <body data-mode>), photographs it, and checks it with axe-core (no serious or
// critical violation) and for a Content-Security-Policy violation.
//
// Usage: node dashboard-browser.mjs <input.json> <results.json>
// input.json:   {baseUrl, email, password, outDir}
// results.json: {ok, error, steps: [{viewport, step, page, mode, url}], screenshots, violations}
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const CHROMIUM = process.env.BILLING_CHROMIUM || '/usr/bin/chromium';
// TOOLCHAIN: without the background-networking flags Chromium keeps calling Google hosts this machine cannot reach.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];
const STEP_MS = 30000;
const VIEWPORTS = [{ name: 'phone', width: 360, height: 780, keyboard: true }, { name: 'desktop', width: 1280, height: 800, keyboard: false }];

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
mkdirSync(input.outDir, { recursive: true });
const steps = [];
const screenshots = [];
const violations = [];
const problems = [];

function expect(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

/** The page's hooks, recorded; the page photographed and checked with axe-core. */
async function look(page, viewport, step, expectedPage) {
  const hooks = await page.evaluate(() => ({
    page: document.querySelector('main')?.dataset.page ?? null,
    mode: document.body.dataset.mode ?? null,
    width: document.documentElement.scrollWidth,
  }));
  steps.push({ viewport: viewport.name, step, page: hooks.page, mode: hooks.mode, url: page.url() });
  expect(hooks.page === expectedPage, `${viewport.name} ${step}: <main data-page> is ${hooks.page}, not ${expectedPage}`);
  if (hooks.width > viewport.width) {
    problems.push(`${viewport.name} ${step}: the page is ${hooks.width} px wide at a ${viewport.width} px viewport`);
  }
  const file = join(input.outDir, `${viewport.name}--${step}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  screenshots.push(file);
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    // Evaluated through the DevTools protocol, not as a <script>: the page's CSP rightly refuses inline scripts.
    await page.evaluate(AXE);
  }
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  found.forEach((violation) => violations.push(`${viewport.name} ${step}: ${violation}`));
  return hooks;
}

/** Fills the sign-in form and sends it, by keyboard (the focus, Tab, Enter) or by mouse; waits for `next` to show. */
async function signIn(page, viewport, email, password, next) {
  if (viewport.keyboard) {
    // The email field has the focus when the page opens; Tab leads to the password, Enter sends the form.
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
  } else {
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', password);
    await page.click('[data-action=sign-in]');
  }
  await page.waitForSelector(next, { timeout: STEP_MS });
}

async function run(browser, viewport) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_MS);
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation',
      (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)));
    page.on('console', (message) => {
      if (message.text().startsWith('CSP violation')) {
        problems.push(`${viewport.name}: ${message.text()}`);
      }
    });

    // A page of the dashboard without a session leads to the sign-in page
    await page.goto(`${input.baseUrl}/dashboard/home`);
    await look(page, viewport, 'sign-in', 'login');

    // A wrong password: the same page, saying so, the email kept
    await signIn(page, viewport, input.email, 'not the password', '[data-error]');
    await look(page, viewport, 'sign-in-refused', 'login');
    const error = await page.textContent('[data-error]');
    expect(error.includes('do not match'), `${viewport.name}: the refusal says "${error}"`);
    expect(await page.inputValue('input[name=email]') === input.email, `${viewport.name}: the email was not kept`);

    // The right one, typed where the refusal left the focus (the password: the email is kept): the home page of the
    // member's team, in test mode with its banner
    if (viewport.keyboard) {
      await page.keyboard.type(input.password);
      await page.keyboard.press('Enter');
    } else {
      await page.fill('input[name=password]', input.password);
      await page.click('[data-action=sign-in]');
    }
    await page.waitForSelector('main[data-page=home]', { timeout: STEP_MS });
    const home = await look(page, viewport, 'home', 'home');
    expect(home.mode === 'test', `${viewport.name}: <body data-mode> is ${home.mode}`);
    expect(await page.isVisible('[data-test-banner]'), `${viewport.name}: no test-mode banner`);
    expect((await page.textContent('main')).includes(input.email), `${viewport.name}: the home page does not name the member`);

    // Signing out leads to the sign-in page, and the dashboard is closed again
    await page.click('[data-action=sign-out]');
    await page.waitForSelector('main[data-page=login]');
    await page.goto(`${input.baseUrl}/dashboard/home`);
    await look(page, viewport, 'signed-out', 'login');
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
let error = null;
try {
  for (const viewport of VIEWPORTS) {
    await run(browser, viewport);
  }
} catch (e) {
  error = e.message;
} finally {
  await browser.close();
}
const failures = [error, ...problems, ...violations].filter((e) => e);
writeFileSync(process.argv[3], JSON.stringify({ ok: failures.length === 0, error: failures.join('\n') || null, steps,
  screenshots, violations }, null, 2));
console.log(`${failures.length === 0 ? 'ok  ' : 'FAIL'} dashboard (${steps.length} steps)${failures.length ? ': ' + failures.join('; ') : ''}`);
