// Drives the merchant dashboard in Debian's headless Chromium (playwright-core; no browser is downloaded) for
// DashboardBrowserIT. The Java test makes the team (a merchant and its owner, through the operator API) and a
// subscription (through the API, in test mode), and checks the server's answers afterwards; this script plays the
// owner, once by keyboard at 360 px and once by mouse at 1280 px: signs in with a wrong password and then the right
// one, finds the subscription in its section, and acts on it through a confirmation (at 360 px: changes its amount,
// first to one with seven decimals, which the API refuses, then to 12.5; at 1280 px: cancels it now); goes through
// every other section by its navigation, opening the resource the test made in each (at 1280 px it also creates a
// payment link and a webhook endpoint through their forms, sees the endpoint's signing secret once, and changes the
// team's display name, which the audit log then shows as the member's change); opens the API keys, the member's
// security, the invitation form and an endpoint's edit page (at 1280 px creating a key, starting an authenticator's
// enrolment, inviting a member and opening the invitation's link, and opening a delivery attempt); switches to live
// data and back; signs out. At each step it checks the page's hooks (<main data-page>, <body data-mode>),
// photographs it, and checks it with axe-core (no serious or critical violation) and for a Content-Security-Policy
// violation.
//
// Usage: node dashboard-browser.mjs <input.json> <results.json>
// input.json:   {baseUrl, email, password, subscriptionId, invoiceId, paymentId, linkId, productId, endpointId,
//                endpointUrl, outDir}
// results.json: {ok, error, steps: [{viewport, step, page, mode, url}], screenshots, violations}
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, seriousViolations } from './page-checks.mjs';

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
  await page.waitForSelector(`main[data-page="${expectedPage}"]`, { timeout: STEP_MS });
  const hooks = await page.evaluate(() => ({
    page: document.querySelector('main')?.dataset.page ?? null,
    mode: document.body.dataset.mode ?? null,
    width: document.documentElement.scrollWidth,
  }));
  steps.push({ viewport: viewport.name, step, page: hooks.page, mode: hooks.mode, url: page.url() });
  if (hooks.width > viewport.width) {
    problems.push(`${viewport.name} ${step}: the page is ${hooks.width} px wide at a ${viewport.width} px viewport`);
  }
  const file = join(input.outDir, `${viewport.name}--${step}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  screenshots.push(file);
  (await seriousViolations(page)).forEach((violation) => violations.push(`${viewport.name} ${step}: ${violation}`));
  return hooks;
}

/** Follows a link or presses a button: by keyboard (focused, then Enter) or by mouse. */
async function activate(page, viewport, selector) {
  if (viewport.keyboard) {
    await page.focus(selector);
    await page.keyboard.press('Enter');
  } else {
    await page.click(selector);
  }
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

/** At 360 px, by keyboard: the amount changed, after the API refused seven decimals. */
async function changeAmount(page, viewport) {
  await activate(page, viewport, '[data-action=change-amount]');
  await look(page, viewport, 'change-amount', 'subscription');
  await page.focus('input[name=amountUsdc]');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1.1234567');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-error]:not([hidden])', { timeout: STEP_MS });
  const refusal = await page.textContent('[data-error]');
  expect(refusal.includes('validation_error'), `${viewport.name}: seven decimals were answered "${refusal}"`);
  await look(page, viewport, 'change-amount-refused', 'subscription');
  await page.focus('input[name=amountUsdc]');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('12.5');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-done]', { timeout: STEP_MS });
  const detail = await look(page, viewport, 'amount-changed', 'subscription');
  expect((await page.textContent('main')).includes('12.50 USDC'), `${viewport.name}: the new amount is not shown`);
  return detail;
}

/** At 1280 px, by mouse: the subscription canceled now. */
async function cancelNow(page, viewport) {
  await page.click('[data-action=cancel]');
  await look(page, viewport, 'cancel', 'subscription');
  await page.check('input[name=immediate][value=true]');
  await page.click('[data-action=confirm]');
  await page.waitForSelector('[data-done]', { timeout: STEP_MS });
  await look(page, viewport, 'canceled', 'subscription');
  const status = await page.textContent('[data-status]');
  expect(status.trim() === 'canceled', `${viewport.name}: the subscription is ${status} after cancel`);
}

/** Opens a section by its navigation entry, then the row of `id` in it. */
async function section(page, viewport, key, listPage, id, detailPage) {
  await activate(page, viewport, `nav a[href="/dashboard/${key}"]`);
  await look(page, viewport, key, listPage);
  const row = `tr[data-id="${id}"] a`;
  expect(await page.isVisible(row), `${viewport.name}: ${key} has no row for ${id}`);
  await activate(page, viewport, row);
  await look(page, viewport, detailPage, detailPage);
}

/** Every section but subscriptions, by its navigation; at 1280 px a payment link and an endpoint made by their forms. */
async function tour(page, viewport) {
  await section(page, viewport, 'invoices', 'invoices', input.invoiceId, 'invoice');
  await section(page, viewport, 'payments', 'payments', input.paymentId, 'payment');
  await section(page, viewport, 'payment-links', 'payment-links', input.linkId, 'payment-link');
  if (!viewport.keyboard) {
    await page.click('nav a[href="/dashboard/payment-links"]');
    await page.click('[data-action=create]');
    await look(page, viewport, 'new-payment-link', 'payment-links');
    await page.fill('input[name=amountUsdc]', '3.500001');
    await page.fill('input[name=description]', 'A poster from the dashboard');
    await page.click('[data-action=confirm]');
    await page.waitForSelector('[data-done]', { timeout: STEP_MS });
    await look(page, viewport, 'payment-link-created', 'payment-link');
    expect((await page.textContent('main')).includes('3.500001 USDC'), `${viewport.name}: the new link's amount is not shown`);
  }
  await section(page, viewport, 'products', 'products', input.productId, 'product');
  await section(page, viewport, 'webhooks', 'webhooks', input.endpointId, 'webhook-endpoint');
  if (!viewport.keyboard) {
    await page.click('nav a[href="/dashboard/webhooks"]');
    await page.click('[data-action=create]');
    await look(page, viewport, 'new-webhook-endpoint', 'webhooks');
    await page.fill('input[name=url]', input.endpointUrl);
    await page.click('[data-action=confirm]');
    await page.waitForSelector('[data-secret]:not([hidden])', { timeout: STEP_MS });
    const secret = await page.inputValue('[data-secret-value]');
    expect(secret.startsWith('whsec_'), `${viewport.name}: the new endpoint's secret shows as "${secret}"`);
    await look(page, viewport, 'webhook-secret', 'webhooks');
  }
  await activate(page, viewport, 'nav a[href="/dashboard/developers"]');
  await look(page, viewport, 'developers', 'developers');
  await activate(page, viewport, '[data-action=events]');
  await look(page, viewport, 'events', 'events');

  // Settings, the team and the audit log; at 1280 px the display name changed, which the audit log then names
  await activate(page, viewport, 'nav a[href="/dashboard/settings"]');
  await look(page, viewport, 'settings', 'settings');
  if (!viewport.keyboard) {
    await page.click('[data-action=edit-settings]');
    await look(page, viewport, 'edit-settings', 'settings');
    await page.fill('input[name=displayName]', 'Acme Coffee Roasters');
    await page.click('[data-action=confirm]');
    await page.waitForSelector('[data-done]', { timeout: STEP_MS });
    expect((await page.textContent('.brand')).includes('Acme Coffee Roasters'), `${viewport.name}: the new display name is not shown`);
  }
  await activate(page, viewport, 'a[href="/dashboard/settings/team"]');
  await look(page, viewport, 'team', 'team');
  await activate(page, viewport, 'nav a[href="/dashboard/settings"]');
  await page.waitForSelector('main[data-page=settings]');
  await activate(page, viewport, 'a[href="/dashboard/settings/audit-log"]');
  await look(page, viewport, 'audit-log', 'audit-log');
  if (!viewport.keyboard) {
    expect((await page.textContent('main')).includes(input.email), `${viewport.name}: the audit log does not name the member`);
  }
}

/**
 * The pages of keys, the member's second factor, invitations and an endpoint's edit, opened by their addresses; at
 * 1280 px a key is created (shown once), an authenticator's enrolment started (its QR code), a member invited (the
 * link shown once, then opened: the invitation's page) and one of the endpoint's delivery attempts opened.
 */
async function accountPages(page, viewport) {
  await page.goto(`${input.baseUrl}/dashboard/developers/api-keys`);
  await look(page, viewport, 'api-keys', 'api-keys');
  if (!viewport.keyboard) {
    await page.click('[data-action=create]');
    await look(page, viewport, 'new-api-key', 'api-keys');
    await page.click('[data-action=confirm]');
    await page.waitForSelector('[data-secret]:not([hidden])', { timeout: STEP_MS });
    const key = await page.inputValue('[data-secret-value]');
    expect(key.startsWith('abk_test_'), `${viewport.name}: the new key shows as "${key.slice(0, 12)}..."`);
    await look(page, viewport, 'api-key-secret', 'api-keys');
  }
  await page.goto(`${input.baseUrl}/dashboard/settings/security`);
  await look(page, viewport, 'security', 'security');
  if (!viewport.keyboard) {
    await page.click('[data-action=enable]');
    await page.waitForSelector('[data-totp=pending] ~ .qr-box svg', { timeout: STEP_MS });
    await look(page, viewport, 'security-enrol', 'security');
  }
  await page.goto(`${input.baseUrl}/dashboard/settings/team/invite`);
  await look(page, viewport, 'team-invite', 'team');
  if (!viewport.keyboard) {
    await page.fill('input[name=email]', 'new.member@example.com');
    await page.selectOption('select[name=role]', 'developer');
    await page.click('[data-action=confirm]');
    await page.waitForSelector('[data-secret]:not([hidden])', { timeout: STEP_MS });
    const link = await page.inputValue('[data-secret-value]');
    expect(link.includes('/dashboard/invitations/'), `${viewport.name}: the invitation's link shows as "${link.slice(0, 40)}"`);
    await look(page, viewport, 'team-invitation-link', 'team');
    await page.goto(link);
    await look(page, viewport, 'invitation', 'invitation');
  }
  await page.goto(`${input.baseUrl}/dashboard/webhooks/${input.endpointId}/edit`);
  await look(page, viewport, 'webhook-edit', 'webhook-endpoint');
  if (!viewport.keyboard) {
    // The endpoint has had the test's events delivered by now; its page lists the attempts as they are recorded
    const attempt = 'a[href*="/deliveries/"]';
    const deadline = Date.now() + STEP_MS;
    await page.goto(`${input.baseUrl}/dashboard/webhooks/${input.endpointId}`);
    while (!(await page.isVisible(attempt)) && Date.now() < deadline) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await page.click(attempt);
    await look(page, viewport, 'webhook-delivery', 'webhook-delivery');
  }
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
    const home = await look(page, viewport, 'home', 'home');
    expect(home.mode === 'test', `${viewport.name}: <body data-mode> is ${home.mode}`);
    expect(await page.isVisible('[data-test-banner]'), `${viewport.name}: no test-mode banner`);
    expect((await page.textContent('main')).includes(input.email), `${viewport.name}: the home page does not name the member`);

    // The subscriptions section lists the subscription; its row leads to its page
    await activate(page, viewport, 'nav a[href="/dashboard/subscriptions"]');
    await look(page, viewport, 'subscriptions', 'subscriptions');
    const row = `tr[data-id="${input.subscriptionId}"] a`;
    expect(await page.isVisible(row), `${viewport.name}: the list has no row for ${input.subscriptionId}`);
    await activate(page, viewport, row);
    await look(page, viewport, 'subscription', 'subscription');

    if (viewport.keyboard) {
      await changeAmount(page, viewport);
    } else {
      await cancelNow(page, viewport);
    }

    await tour(page, viewport);
    await accountPages(page, viewport);
    await activate(page, viewport, 'nav a[href="/dashboard/subscriptions"]');
    await look(page, viewport, 'subscriptions-again', 'subscriptions');

    // Live data: the switch leads to the section's list, without the banner or the test subscription; and back
    await activate(page, viewport, '[data-action=switch-mode]');
    const live = await look(page, viewport, 'live', 'subscriptions');
    expect(live.mode === 'live', `${viewport.name}: after the switch <body data-mode> is ${live.mode}`);
    expect(!(await page.isVisible('[data-test-banner]')), `${viewport.name}: the test banner shows in live mode`);
    expect(!(await page.isVisible(`tr[data-id="${input.subscriptionId}"]`)), `${viewport.name}: live mode lists the test subscription`);
    await activate(page, viewport, '[data-action=switch-mode]');
    await page.waitForSelector('body[data-mode=test]');

    // Signing out leads to the sign-in page, and the dashboard is closed again
    await activate(page, viewport, '[data-action=sign-out]');
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
