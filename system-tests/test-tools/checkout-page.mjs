// How a browser test drives a hosted checkout page, shared by the checkout's own scenarios (checkout-browser.mjs) and
// the example shop's (shop-browser.mjs): the test wallet put into a browser context, the page's state awaited on
// <main data-state> with its sentence, and its one visible action button found and clicked.
import { announcingShim, PROVIDER_SHIM } from './wallet.mjs';

/** A step of a checkout page waits for the chain (blocks every second, two deep) and for Kafka round trips: seconds. */
export const STEP_MS = 60000;

/** Gives every page of the context the test wallet as window.ethereum, answered in Node by {@code wallet}. */
export async function useWallet(context, wallet) {
  await context.exposeBinding('__testWallet', async (source, request) => JSON.stringify(await wallet.handle(JSON.parse(request))));
  await context.addInitScript(PROVIDER_SHIM);
}

/**
 * Gives every page of the context wallets that announce themselves over EIP-6963 ({@code wallets}: each a TestWallet
 * or SigningWallet with its {@code info} {rdns, name, icon, uuid}), answered in Node by the wallet of the rdns.
 */
export async function useAnnouncedWallets(context, wallets) {
  const byRdns = new Map(wallets.map((wallet) => [wallet.info.rdns, wallet]));
  await context.exposeBinding('__testWallets', async (source, request) => {
    const { rdns, ...call } = JSON.parse(request);
    return JSON.stringify(await byRdns.get(rdns).handle(call));
  });
  await context.addInitScript(announcingShim(wallets.map((wallet) => wallet.info)));
}

/** Clicks the connect button of the announced wallet {@code rdns}. */
export async function connectAnnounced(page, rdns) {
  const button = page.locator(`[data-action="connect"][data-wallet-rdns="${rdns}"]`);
  await button.waitFor({ state: 'visible', timeout: 10000 });
  await button.click();
}

/**
 * Waits for the checkout page's state (with a sentence matching {@code message}), then checks that the state sits on
 * <main>, its reason and that the sentence is visible; returns the sentence.
 */
export async function expectState(page, state, { reason, message, timeout = STEP_MS } = {}) {
  try {
    await page.waitForFunction(([wanted, source, flags]) => {
      const root = document.querySelector('[data-state]');
      const sentence = root && root.querySelector('[data-message]');
      return root && root.dataset.state === wanted && (!source || new RegExp(source, flags).test(sentence.textContent));
    }, [state, message ? message.source : null, message ? message.flags : ''], { timeout, polling: 50 });
  } catch (error) {
    const now = await page.evaluate(() => {
      const root = document.querySelector('[data-state]');
      return root ? root.dataset.state + ' (' + (root.dataset.reason || '') + '): ' + root.querySelector('[data-message]')?.textContent : 'no root';
    }).catch(() => 'unknown');
    throw new Error(`${page.url()}: expected data-state=${state}${message ? ' saying ' + message : ''}, still ${now}`);
  }
  const seen = await page.evaluate(() => {
    const root = document.querySelector('[data-state]');
    return { reason: root.dataset.reason || null, message: root.querySelector('[data-message]').textContent, tag: root.tagName };
  });
  if (seen.tag !== 'MAIN') {
    throw new Error(`the element with data-state is <${seen.tag.toLowerCase()}>, not <main>`);
  }
  if (reason !== undefined && seen.reason !== reason) {
    throw new Error(`state ${state}: expected reason ${reason}, got ${seen.reason} (${seen.message})`);
  }
  if (message && !message.test(seen.message)) {
    throw new Error(`state ${state}: the sentence "${seen.message}" does not match ${message}`);
  }
  if (!(await page.isVisible('[data-message]'))) {
    throw new Error(`state ${state}: the sentence is not visible`);
  }
  return seen.message;
}

/**
 * The one visible action button, which must be {@code action}: waited for a moment, since the server renders the
 * buttons hidden and the script shows the one that fits once it has read the page's JSON.
 */
export async function visibleAction(page, action) {
  const visible = (wanted) => {
    const shown = Array.from(document.querySelectorAll('[data-action]')).filter((b) => !b.hidden && b.offsetParent !== null);
    return shown.length === 1 && shown[0].dataset.action === wanted;
  };
  try {
    await page.waitForFunction(visible, action, { timeout: 10000, polling: 50 });
  } catch (error) {
    const shown = await page.$$eval('[data-action]', (buttons) => buttons.filter((b) => !b.hidden && b.offsetParent !== null)
        .map((b) => b.dataset.action));
    throw new Error(`expected the one visible button to be ${action}, got [${shown}]`);
  }
  return page.locator(`[data-action="${action}"]`);
}

export async function clickAction(page, action) {
  await (await visibleAction(page, action)).click();
}

/** Connects the test wallet (already on the page's chain) on a page in {@code state}; leaves it ready to pay. */
export async function connectWallet(page, state = 'ready') {
  await expectState(page, state);
  await clickAction(page, 'connect');
  await expectState(page, state, { message: /Connected as 0x/ });
}
