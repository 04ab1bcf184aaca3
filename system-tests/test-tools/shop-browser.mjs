// Drives the example shop (examples/shop) in Debian's headless Chromium for ShopBrowserIT, as a buyer with the local
// chain's test wallet (wallet.mjs) on the hosted checkout (checkout-page.mjs). At 1280 px the buyer subscribes to the
// plan: the shop sends them to the checkout, they connect and subscribe, the checkout sends them back to their order,
// and the order page turns paid once the shop's webhook came. At 360 px the buyer orders the one-time item, leaves the
// checkout by its cancel link (the order page says pending and offers the checkout again), goes back, pays, and sees
// that order paid too. Each shop page is photographed at both widths and checked with axe-core (no serious or critical
// violation) and for a page wider than its viewport.
//
// Usage: node shop-browser.mjs <input.json> <results.json>
// input.json:   {shopUrl, account, rpcUrl, chainIdHex, outDir}
// results.json: {ok, error, ms, orders: {plan: {...}, item: {...}}, screenshots, violations, problems}
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { clickAction, connectWallet, expectState, STEP_MS, useWallet } from './checkout-page.mjs';
import { CHROMIUM, CHROMIUM_ARGS, seriousViolations } from './page-checks.mjs';
import { TestWallet } from './wallet.mjs';

/** The shop hears of a payment from its webhook (sent within a second or two of the checkout's) and its page asks every 2 s. */
const PAID_MS = 60000;
const DESKTOP = { name: 'desktop', width: 1280, height: 800 };
const PHONE = { name: 'phone', width: 360, height: 780 };

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
mkdirSync(input.outDir, { recursive: true });
const screenshots = [];
const violations = [];
const problems = [];
const orders = {};

async function newPage(browser, viewport) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: 1, locale: 'en-US' });
  await useWallet(context, new TestWallet({ rpcUrl: input.rpcUrl, chainIdHex: input.chainIdHex, account: input.account }));
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on('pageerror', (error) => problems.push(`${viewport.name}: page error: ${error.message}`));
  page.on('console', (message) => {
    // A favicon the checkout pages do not have is not a problem of the page.
    if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
      problems.push(`${viewport.name}: console error: ${message.text()}`);
    }
  });
  page.viewportName = viewport.name;
  page.viewportWidth = viewport.width;
  return page;
}

/** Photographs a shop page and checks it: axe-core, and no page wider than the viewport. */
async function look(page, label) {
  const file = join(input.outDir, `${page.viewportName}--${label}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  screenshots.push(file);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > page.viewportWidth) {
    problems.push(`${page.viewportName} ${label}: the page is ${width} px wide at a ${page.viewportWidth} px viewport`);
  }
  for (const violation of await seriousViolations(page)) {
    violations.push(`${page.viewportName} ${label}: ${violation}`);
  }
}

async function status(page) {
  return page.getAttribute('[data-order-status]', 'data-order-status');
}

/** Fills the product's buy form with the wallet and submits it; resolves on the hosted checkout page. */
async function buy(page, product) {
  const card = page.locator(`[data-product="${product}"]`);
  await card.getByLabel('Your wallet address').fill(input.account);
  await card.locator('[data-action="buy"]').click();
  await page.waitForURL((url) => url.href.includes('/checkout/'), { timeout: STEP_MS });
}

/** Waits on the order page, which asks the shop itself, until it says paid. */
async function awaitPaid(page) {
  await page.waitForSelector('[data-order-status="paid"]', { timeout: PAID_MS });
}

function orderOf(url) {
  const match = /\/orders\/(ord_[0-9a-f]+)/.exec(url);
  if (!match) {
    throw new Error(`not an order page of the shop: ${url}`);
  }
  return match[1];
}

async function subscribeToThePlan(browser) {
  const page = await newPage(browser, DESKTOP);
  await page.goto(input.shopUrl);
  for (const product of ['plan', 'item']) {
    if ((await page.locator(`[data-product="${product}"] [data-action="buy"]`).count()) !== 1) {
      throw new Error(`the shop's home page has no buy button for data-product=${product}`);
    }
  }
  await look(page, 'home');
  await buy(page, 'plan');
  await expectState(page, 'ready', { message: /12\.5 USDC every month/ });
  await connectWallet(page);
  await clickAction(page, 'subscribe');
  await expectState(page, 'active', { message: /Your subscription is active/ });
  await page.waitForURL((url) => url.href.startsWith(input.shopUrl + '/orders/'), { timeout: STEP_MS });
  const plan = { orderId: orderOf(page.url()), redirectedTo: page.url(), firstStatus: await status(page) };
  orders.plan = plan;
  await awaitPaid(page);
  plan.finalStatus = await status(page);
  await look(page, 'order-paid-plan');
  return page;
}

async function buyTheItem(browser, desktop) {
  const page = await newPage(browser, PHONE);
  await page.goto(input.shopUrl);
  await look(page, 'home');
  await buy(page, 'item');
  await expectState(page, 'ready', { message: /4 USDC/ });
  await page.locator('[data-cancel] a').click();
  await page.waitForURL((url) => url.href.startsWith(input.shopUrl + '/orders/'), { timeout: STEP_MS });
  const item = { orderId: orderOf(page.url()), canceledAt: page.url(), firstStatus: await status(page) };
  orders.item = item;
  if (item.firstStatus !== 'pending') {
    throw new Error(`the order left at the checkout says ${item.firstStatus}, not pending`);
  }
  await look(page, 'order-canceled');
  // The same pending order at desktop width.
  await desktop.goto(`${input.shopUrl}/orders/${item.orderId}`);
  await look(desktop, 'order-pending');
  await page.locator('[data-action="checkout"]').click();
  await connectWallet(page);
  await clickAction(page, 'pay');
  await expectState(page, 'paid', { message: /^Paid\./ });
  await page.waitForURL((url) => url.href.startsWith(`${input.shopUrl}/orders/${item.orderId}`), { timeout: STEP_MS });
  await awaitPaid(page);
  item.finalStatus = await status(page);
  await look(page, 'order-paid-item');
  // The plan's paid order at phone width.
  await page.goto(`${input.shopUrl}/orders/${orders.plan.orderId}`);
  await look(page, 'order-paid-plan');
}

const started = Date.now();
let error = null;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
try {
  const desktop = await subscribeToThePlan(browser);
  await buyTheItem(browser, desktop);
} catch (e) {
  error = e.message;
} finally {
  await browser.close();
}
const ok = !error && problems.length === 0 && violations.length === 0;
console.log(`${ok ? 'ok' : 'FAIL'} shop in ${Date.now() - started} ms${ok ? '' : ': ' + [error, ...problems, ...violations].filter((e) => e).join('\n')}`);
writeFileSync(process.argv[3], JSON.stringify({ ok, error, ms: Date.now() - started, orders, screenshots, violations, problems }, null, 2));
