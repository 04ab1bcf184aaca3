// Drives the customer portal in Debian's headless Chromium (playwright-core) for PortalBrowserIT: the customer opens
// the merchant's portal link, sees their subscription and paid invoice, cancels at the period's end and resumes (each
// through its confirmation), opens a receipt; then, in a fresh browser, signs in with Ethereum through an announced
// EIP-6963 wallet that signs with a real key (wallet.mjs's SigningWallet, plus personal_sign). Every page is
// photographed (360 px, and the signed-in portal at 1280 px) and checked with axe-core (no serious or critical
// violation).
//
// With flow "revoke" (PortalRevokeBrowserIT, on the local chain) it does one thing instead: the customer opens the
// portal link with the wallet announced, revokes the mandate through its confirmation, and the wallet signs the
// vault's cancel (EIP-712), which the platform's relayer submits.
//
// Usage: node portal-browser.mjs <input.json> <results.json>
// input.json:   {baseUrl, portalPath, merchantId, subscriptionId, invoiceId, privateKey, chainIdHex, outDir,
//                flow?: "revoke", rpcUrl?}
// results.json: {ok, error?, ms, steps, screenshots, violations}
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, seriousViolations } from './page-checks.mjs';
import { connectAnnounced, useAnnouncedWallets } from './checkout-page.mjs';
import { icon, SigningWallet } from './wallet.mjs';

const STEP_MS = 30000;
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
mkdirSync(input.outDir, { recursive: true });
const steps = [];
const screenshots = [];
const violations = [];

/** A SigningWallet that also signs a plain message (personal_sign, EIP-191), as Sign-In with Ethereum asks. */
class SignInWallet extends SigningWallet {
  async answer(method, params) {
    if (method === 'personal_sign') {
      if (!params[1] || params[1].toLowerCase() !== this.account.toLowerCase()) {
        throw Object.assign(new Error(`${params[1]} is not the connected account`), { code: -32602 });
      }
      return this.key.signMessage({ message: { raw: params[0] } });
    }
    return super.answer(method, params);
  }
}

async function check(page, name) {
  const file = join(input.outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  screenshots.push(file);
  for (const violation of await seriousViolations(page)) {
    violations.push(`${name}: ${violation}`);
  }
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  if (wide) {
    violations.push(`${name}: the page scrolls sideways at ${page.viewportSize().width} px`);
  }
  steps.push(name);
}

async function expectPage(page, dataPage) {
  await page.locator(`main[data-page="${dataPage}"]`).waitFor({ timeout: STEP_MS });
}

async function act(page, action) {
  const row = page.locator(`li[data-id="${input.subscriptionId}"]`);
  await row.locator(`[data-action="${action}"]`).click();
  await expectPage(page, 'portal-confirm');
  await check(page, `phone--portal-confirm-${action}`);
  await page.locator('[data-action="confirm"]').click();
  await page.waitForURL(`**/portal?done=${action}`, { timeout: STEP_MS });
  await expectPage(page, 'portal');
  await page.locator('[data-notice]').waitFor({ timeout: STEP_MS });
}

/** The wallet of the subscription's customer, announced over EIP-6963 in {@code context}. */
async function announceCustomer(context) {
  const wallet = new SignInWallet({ rpcUrl: input.rpcUrl, chainIdHex: input.chainIdHex, privateKey: input.privateKey });
  wallet.info = { uuid: '3d1c7e9a-5a7b-4e0f-8f43-6c1f0b8d2a11', name: 'Signer Wallet', icon: icon('#0f766e', 'S'),
    rdns: 'test.signer' };
  await useAnnouncedWallets(context, [wallet]);
  return wallet;
}

/** From the portal link, at 360 px: revoke the mandate, the connected wallet signing the vault's cancel. */
async function revoke(browser) {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const wallet = await announceCustomer(phone);
  const page = await phone.newPage();
  await page.goto(input.baseUrl + input.portalPath);
  await expectPage(page, 'portal');
  const row = page.locator(`li[data-id="${input.subscriptionId}"]`);
  await row.locator('[data-action="revoke"]').click();
  await expectPage(page, 'portal-confirm');
  await connectAnnounced(page, 'test.signer');
  await page.locator('[data-message]').filter({ hasText: 'Connected' }).waitFor({ timeout: STEP_MS });
  await check(page, 'phone--portal-confirm-revoke');
  await page.locator('[data-action="confirm"]').click();
  await page.waitForURL('**/portal?done=revoke', { timeout: STEP_MS });
  await expectPage(page, 'portal');
  await page.locator('[data-notice]').waitFor({ timeout: STEP_MS });
  await check(page, 'phone--portal-revoked');
  await phone.close();
  return wallet.signed;
}

const started = Date.now();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
let ok = true;
let error = null;
let signed = [];
try {
  if (input.flow === 'revoke') {
    signed = await revoke(browser);
  } else {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await phone.newPage();
    await page.goto(input.baseUrl + input.portalPath);
    await expectPage(page, 'portal');
    const row = page.locator(`li[data-id="${input.subscriptionId}"]`);
    await row.waitFor({ timeout: STEP_MS });
    await page.locator(`li[data-id="${input.invoiceId}"]`).waitFor({ timeout: STEP_MS });
    await check(page, 'phone--portal');

    await act(page, 'cancel');
    await row.locator('[data-action="resume"]').waitFor({ timeout: STEP_MS });
    await check(page, 'phone--portal-canceled');
    await act(page, 'resume');
    await row.locator('[data-action="cancel"]').waitFor({ timeout: STEP_MS });

    await page.locator(`li[data-id="${input.invoiceId}"] [data-receipt]`).click();
    await expectPage(page, 'receipt');
    await check(page, 'phone--receipt');
    await phone.close();

    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await announceCustomer(desktop);
    const signIn = await desktop.newPage();
    await signIn.goto(`${input.baseUrl}/portal/sign-in?merchant=${input.merchantId}&mode=test`);
    await expectPage(signIn, 'portal-sign-in');
    await signIn.locator('[data-action="connect"][data-wallet-rdns="test.signer"]').waitFor({ timeout: STEP_MS });
    await check(signIn, 'desktop--portal-sign-in');
    await connectAnnounced(signIn, 'test.signer');
    await signIn.waitForURL('**/portal', { timeout: STEP_MS });
    await expectPage(signIn, 'portal');
    await signIn.locator(`li[data-id="${input.subscriptionId}"]`).waitFor({ timeout: STEP_MS });
    await check(signIn, 'desktop--portal');
    await desktop.close();
  }
} catch (failure) {
  ok = false;
  error = failure && failure.stack ? failure.stack : String(failure);
} finally {
  await browser.close();
}
writeFileSync(process.argv[3],
  JSON.stringify({ ok, error, ms: Date.now() - started, steps, screenshots, violations, signed }));
console.log(`portal browser: ${ok ? 'passed' : 'failed'} in ${Date.now() - started} ms; steps ${steps.join(', ')}`);
