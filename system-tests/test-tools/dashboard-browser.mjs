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
// enrolment, inviting a member and opening the invitation's link, and opening a delivery attempt). At 1280 px it then
// measures the home page's first load in a fresh context, turns two-factor sign-in on (the code computed here from the
// secret the page shows), signs in again with a code and turns it off; invites a developer who joins in a context of
// their own and is offered and allowed no payment link; and brands the checkout (name, accent, a logo uploaded), which
// a payment link's hosted page then shows. It switches to live data and back; signs out. At each step it checks the
// page's hooks (<main data-page>, <body data-mode>), photographs it, and checks it with axe-core (no serious or
// critical violation) and for a Content-Security-Policy violation.
//
// Usage: node dashboard-browser.mjs <input.json> <results.json>
// input.json:   {baseUrl, email, password, subscriptionId, invoiceId, paymentId, linkId, productId, endpointId,
//                endpointUrl, meterId, meteredProductId, meteredSubscriptionId, outDir}
// results.json: {ok, error, steps: [{viewport, step, page, mode, url}], screenshots, violations,
//                firstLoad: {responseStart, responseEnd, loadEventEnd, resources: [{name, start, end, bytes}]}}
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
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
let firstLoad = null;

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

/**
 * Metered billing: the meters (at 1280 px one created through the form), the metered product's prices, and the metered
 * subscription's items and usage this period (1,500 calls counted, 3.00 USDC).
 */
async function meteredBilling(page, viewport) {
  await activate(page, viewport, 'nav a[href="/dashboard/meters"]');
  await look(page, viewport, 'meters', 'meters');
  expect(await page.isVisible(`tr[data-id="${input.meterId}"]`), `${viewport.name}: meters has no row for ${input.meterId}`);
  if (!viewport.keyboard) {
    await page.click('[data-action=create]');
    await look(page, viewport, 'new-meter', 'meter');
    await page.fill('input[name=eventName]', 'storage_gb');
    await page.check('input[name=aggregation][value=max]');
    await page.fill('input[name=displayName]', 'Storage (GB)');
    await page.click('[data-action=confirm]');
    await page.waitForSelector('[data-done]', { timeout: STEP_MS });
    await look(page, viewport, 'meter-created', 'meters');
    expect(await page.isVisible('tr[data-event-name="storage_gb"]'), `${viewport.name}: the new meter is not listed`);
  }
  await page.goto(`${input.baseUrl}/dashboard/products/${input.meteredProductId}`);
  await look(page, viewport, 'metered-product', 'product');
  const price = await page.textContent('tr[data-usage-type=metered] [data-price-amount]');
  expect(price.includes('0.002 USDC per unit of'), `${viewport.name}: the metered price reads "${price}"`);
  await page.goto(`${input.baseUrl}/dashboard/subscriptions/${input.meteredSubscriptionId}`);
  await look(page, viewport, 'metered-subscription', 'subscription');
  const max = await page.textContent('[data-max-per-period]');
  expect(max.includes('50.00 USDC'), `${viewport.name}: the maximum reads "${max}"`);
  const quantity = await page.textContent('[data-usage] [data-usage-quantity]');
  expect(quantity.replace(/[^0-9]/g, '') === '1500', `${viewport.name}: the usage shows "${quantity}"`);
  const amount = await page.textContent('[data-usage] [data-usage-amount]');
  expect(amount.includes('3.00'), `${viewport.name}: the usage amount reads "${amount}"`);
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
  await section(page, viewport, 'customers', 'customers', input.customerId, 'customer');
  await section(page, viewport, 'coupons', 'coupons', input.couponId, 'coupon');
  expect((await page.textContent('main')).includes('WELCOME26'), `${viewport.name}: the coupon's code is not shown`);
  await section(page, viewport, 'products', 'products', input.productId, 'product');
  await meteredBilling(page, viewport);
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

/** A new browser context at the viewport's size: no cookies, nothing cached. */
function freshContext(browser, viewport) {
  return browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, locale: 'en-US' });
}

/** A page of `context` whose Content-Security-Policy violations are recorded as problems. */
async function watchedPage(context, viewport) {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation',
    (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)));
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation')) {
      problems.push(`${viewport.name}: ${message.text()}`);
    }
  });
  return page;
}

/** Waits for `done` after a form was sent; the form's refusal, when it shows instead, fails the walk with its words. */
async function sent(page, viewport, done, what) {
  const refusal = '[data-error]:not([hidden])';
  await page.waitForSelector(`${done}, ${refusal}`, { timeout: STEP_MS });
  if (!(await page.isVisible(done)) && (await page.isVisible(refusal))) {
    throw new Error(`${viewport.name}: ${what} was refused: ${(await page.textContent(refusal)).trim()}`);
  }
}

/** The bytes a base32 text stands for (RFC 4648's alphabet, as authenticators take a secret: any case, no padding). */
function base32Bytes(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = [];
  let buffer = 0;
  let bits = 0;
  for (const character of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(character);
    expect(value >= 0, `the authenticator's secret has "${character}", which is not base32`);
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238's code of `secret` for time step `step`: HMAC-SHA1 of the step, dynamically truncated, six digits. */
function totpAt(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const TOTP_STEP_SECONDS = 30;

/**
 * The next code to type after the one of step `used`, as an authenticator shows it: the server takes a code of the step
 * before, at or after its own (its clock is this machine's) and each step once, later ones only. So the code of the
 * step before now, while it has more than five seconds to live, and three codes in a row need no wait; when the next
 * step's code is not due yet, the member waits for it as they would for their app to show it.
 */
async function nextTotp(page, secret, used) {
  const now = Date.now() / 1000;
  const current = Math.floor(now / TOTP_STEP_SECONDS);
  const earliest = now - current * TOTP_STEP_SECONDS < TOTP_STEP_SECONDS - 5 ? current - 1 : current;
  const step = Math.max(used + 1, earliest);
  if (step > current + 1) {
    await page.waitForTimeout((step - 1) * TOTP_STEP_SECONDS * 1000 - Date.now() + 250);
  }
  return { step, code: totpAt(secret, step) };
}

/** The CRC-32 (IEEE) a PNG chunk ends with. */
function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) {
      crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
    }
  }
  return ~crc >>> 0;
}

/** The logo the owner uploads, drawn here: a 96 x 48 PNG, a band of `rgb` with a white square on it. */
function logoPng(rgb) {
  const [width, height] = [96, 48];
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter type 0, then red, green, blue per pixel
    for (let x = 0; x < width; x++) {
      const white = x >= 12 && x < 36 && y >= 12 && y < 36;
      row.set(white ? [255, 255, 255] : rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type, data) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const framed = Buffer.alloc(8 + data.length + 4);
    framed.writeUInt32BE(data.length, 0);
    typed.copy(framed, 4);
    framed.writeUInt32BE(crc32(typed), 4 + typed.length);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // eight bits per channel, RGB, deflate, no filter method, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The home page's first load after signing in, in a fresh context (nothing cached; signed in by the form's request
 * alone, so no page of the dashboard was loaded before): the Navigation Timing API's responseEnd (the HTML has arrived)
 * and loadEventEnd (its style, scripts and charts too), in ms from the navigation's start.
 */
async function measureFirstLoad(browser, viewport) {
  const context = await freshContext(browser, viewport);
  try {
    const signedIn = await context.request.post(`${input.baseUrl}/dashboard/login`,
      { form: { email: input.email, password: input.password }, maxRedirects: 0 });
    expect(signedIn.status() === 303, `${viewport.name}: signing in for the first load answered ${signedIn.status()}`);
    const page = await watchedPage(context, viewport);
    await page.goto(`${input.baseUrl}/dashboard/home`);
    await page.waitForSelector('main[data-page=home]');
    await page.waitForFunction(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd > 0);
    return await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return {
        responseStart: Math.round(navigation.responseStart), responseEnd: Math.round(navigation.responseEnd),
        loadEventEnd: Math.round(navigation.loadEventEnd),
        resources: performance.getEntriesByType('resource').map((r) => ({ name: new URL(r.name).pathname,
          start: Math.round(r.startTime), end: Math.round(r.responseEnd), bytes: r.transferSize })),
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * The owner turns two-factor sign-in on (reading the secret the enrolment shows, as an authenticator would), signs out
 * and in again with the password and then a code, and turns it off again with a third code, so the rest of the walk
 * signs in as before.
 */
async function twoFactorSignIn(page, viewport) {
  await page.goto(`${input.baseUrl}/dashboard/settings/security`);
  await page.waitForSelector('main[data-page=security]');
  if (await page.isVisible('[data-totp=off]')) {
    await page.click('[data-action=enable]');
  }
  await page.waitForSelector('[data-totp-secret]');
  const secret = await page.inputValue('[data-totp-secret]');
  let code = await nextTotp(page, secret, 0);
  await page.fill('form[data-api-path="/v1/me/totp/confirm"] input[name=code]', code.code);
  await page.click('[data-action=confirm]');
  await sent(page, viewport, '[data-totp=on]', 'the first code');
  await look(page, viewport, 'security-on', 'security');

  await page.click('[data-action=sign-out]');
  await page.waitForSelector('main[data-page=login]');
  await signIn(page, viewport, input.email, input.password, 'main[data-page=login-code]');
  await look(page, viewport, 'sign-in-code', 'login-code');
  code = await nextTotp(page, secret, code.step);
  await page.fill('input[name=code]', code.code);
  await page.click('[data-action=sign-in]');
  await page.waitForSelector('main[data-page=home], main[data-page=login-code] [data-error]');
  expect(!(await page.isVisible('[data-error]')), `${viewport.name}: the sign-in code was refused: ${await page.textContent('main')}`);
  await look(page, viewport, 'signed-in-with-code', 'home');

  await page.goto(`${input.baseUrl}/dashboard/settings/security`);
  await page.waitForSelector('[data-totp=on]');
  code = await nextTotp(page, secret, code.step);
  await page.fill('input[name=code]', code.code);
  await page.click('[data-action=disable]');
  await sent(page, viewport, '[data-totp=off]', 'turning two-factor sign-in off');
  await look(page, viewport, 'security-off', 'security');
}

/**
 * The owner invites a developer; the link, shown once, is opened in a new context (no session) where the invitee
 * chooses a password and is signed in as a developer: the payment links' page offers them no new link, and the API
 * refuses them one (403 permission_denied).
 */
async function developerJoins(browser, page, viewport) {
  await page.goto(`${input.baseUrl}/dashboard/settings/team/invite`);
  await page.waitForSelector('main[data-page=team]');
  const email = `developer-${randomUUID()}@acme.example`;
  await page.fill('input[name=email]', email);
  await page.selectOption('select[name=role]', 'developer');
  await page.click('[data-action=confirm]');
  await sent(page, viewport, '[data-secret]:not([hidden])', 'the invitation');
  const link = await page.inputValue('[data-secret-value]');

  const context = await freshContext(browser, viewport);
  try {
    const invitee = await watchedPage(context, viewport);
    await invitee.goto(link);
    await look(invitee, viewport, 'developer-invitation', 'invitation');
    expect((await invitee.textContent('[data-role]')).trim() === 'developer', `${viewport.name}: the invitation's role is not developer`);
    const password = `a long password ${randomUUID()}`;
    await invitee.fill('input[name=password]', password);
    await invitee.fill('input[name=passwordConfirmation]', password);
    await invitee.click('[data-action=accept]');
    await look(invitee, viewport, 'developer-home', 'home');
    const who = (await invitee.textContent('.who')).replace(/\s+/g, ' ');
    expect(who.includes(email) && (await invitee.textContent('.who .role')).trim() === 'developer',
      `${viewport.name}: the invitee is shown as "${who}"`);

    await invitee.click('nav a[href="/dashboard/payment-links"]');
    await look(invitee, viewport, 'developer-payment-links', 'payment-links');
    expect(await invitee.isVisible(`tr[data-id="${input.linkId}"]`), `${viewport.name}: the developer does not see the links`);
    expect(!(await invitee.isVisible('[data-action=create]')), `${viewport.name}: a developer is offered a new payment link`);
    const refused = await invitee.evaluate(async (key) => {
      const answer = await fetch('/dashboard/api/v1/payment-links', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key,
          'x-csrf-token': document.querySelector('meta[name="csrf-token"]').content },
        body: '{"amountUsdc":1}',
      });
      return { status: answer.status, text: await answer.text() };
    }, `dash_${randomUUID()}`);
    expect(refused.status === 403 && JSON.parse(refused.text).code === 'permission_denied',
      `${viewport.name}: a developer's new payment link was answered ${refused.status} ${refused.text}`);
  } finally {
    await context.close();
  }
}

const BRAND = { name: 'Acme Roastery', accent: '#0f766e', rgb: [0x0f, 0x76, 0x6e] };

/**
 * The owner names the brand, picks its accent and uploads a logo on the settings page; the payment link's hosted
 * checkout page then shows the logo (loaded), under the brand's name, with the accent on its header rule and button.
 */
async function brandTheCheckout(page, viewport) {
  await page.goto(`${input.baseUrl}/dashboard/settings`);
  await page.waitForSelector('main[data-page=settings]');
  await page.fill('input[name=brandName]', BRAND.name);
  await page.fill('#accent-text', BRAND.accent);
  await page.click('[data-action=edit-branding]');
  await sent(page, viewport, '[data-done]', 'the branding');
  expect((await page.textContent('[data-brand-name]')).trim() === BRAND.name, `${viewport.name}: the brand name is not shown`);
  await page.setInputFiles('input[name=logo]', { name: 'acme-logo.png', mimeType: 'image/png', buffer: logoPng(BRAND.rgb) });
  await page.click('[data-action=upload-logo]');
  await sent(page, viewport, 'img[data-logo]', 'the logo');
  await page.waitForFunction(() => document.querySelector('img[data-logo]').naturalWidth > 0);
  await look(page, viewport, 'settings-branded', 'settings');

  await page.goto(`${input.baseUrl}/checkout/link/${input.linkId}`);
  await page.waitForFunction(() => document.querySelector('header.brand img')?.complete);
  await look(page, viewport, 'checkout-branded', 'link');
  const shown = await page.evaluate(() => {
    const logo = document.querySelector('header.brand img');
    return { alt: logo.alt, width: logo.naturalWidth, rule: getComputedStyle(logo.parentElement).borderBottomColor,
      button: getComputedStyle(document.querySelector('button[data-action=open]')).backgroundColor };
  });
  const accent = `rgb(${BRAND.rgb.join(', ')})`;
  expect(shown.alt === BRAND.name && shown.width === 96 && shown.rule === accent && shown.button === accent,
    `${viewport.name}: the checkout shows ${JSON.stringify(shown)}, not ${BRAND.name}'s logo and ${accent}`);
  await page.goto(`${input.baseUrl}/dashboard/settings`);
  await page.waitForSelector('main[data-page=settings]');
}

/** At 1280 px, after the account pages: the first load measured, two-factor sign-in, a developer joining, the brand. */
async function teamSecurityAndBrand(browser, page, viewport) {
  firstLoad = await measureFirstLoad(browser, viewport);
  await twoFactorSignIn(page, viewport);
  await developerJoins(browser, page, viewport);
  await brandTheCheckout(page, viewport);
}

async function run(browser, viewport) {
  const context = await freshContext(browser, viewport);
  try {
    const page = await watchedPage(context, viewport);

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
    if (!viewport.keyboard) {
      await teamSecurityAndBrand(browser, page, viewport);
    }
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
  screenshots, violations, firstLoad }, null, 2));
if (firstLoad) {
  console.log(`first load of /dashboard/home: first byte ${firstLoad.responseStart} ms, `
    + `html ${firstLoad.responseEnd} ms, load ${firstLoad.loadEventEnd} ms; `
    + firstLoad.resources.map((r) => `${r.name} ${r.start}-${r.end} ms ${r.bytes} B`).join(', '));
}
console.log(`${failures.length === 0 ? 'ok  ' : 'FAIL'} dashboard (${steps.length} steps)${failures.length ? ': ' + failures.join('; ') : ''}`);
