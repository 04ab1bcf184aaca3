// Drives the hosted checkout pages in Debian's headless Chromium (playwright-core; no browser is downloaded) for the
// local stack's browser tests (CheckoutBrowserIT, CheckoutSandboxBrowserIT). The Java test makes the fixtures
// (merchants, payments, links, subscriptions, funded wallets) and checks the API and the chain afterwards; this
// script plays the customer: each scenario opens a page with a test wallet (wallet.mjs) or none, clicks through it,
// asserts <main data-state> and the visible sentence at each step, photographs each state at 360 px and checks it
// with axe-core (no serious or critical violation), and records the states the page went through.
//
// Usage: node checkout-browser.mjs <scenarios.json> <results.json>
// scenarios.json: {chainIdHex?, rpcUrl?, tokenAddress?, outDir, concurrency?, scenarios: [{name, kind, ...fixture}]}
// results.json:   {ms, results: [{name, kind, ok, error?, ms, states, screenshots, violations, sent, extra}]}
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, seriousViolations } from './page-checks.mjs';
import { clickAction, connectAnnounced, connectWallet, expectState, STEP_MS, useAnnouncedWallets, useWallet, visibleAction }
  from './checkout-page.mjs';
import { icon, SigningWallet, TestWallet } from './wallet.mjs';

const WIDTH = 360;
const MERCHANT_SITE = 'https://merchant.example';
// A whole scenario: a few steps of the above at most; past this it is reported as hanging, and the others go on.
const SCENARIO_MS = 150000;

// The recorder: every state (and sentence) the page shows, and every Content-Security-Policy violation.
const RECORDER = `(() => {
  let last = null;
  document.addEventListener('securitypolicyviolation', (e) => window.__record(JSON.stringify({ csp: e.violatedDirective + ' ' + e.blockedURI })));
  const record = () => {
    const root = document.querySelector('[data-state]');
    if (!root) return;
    const message = root.querySelector('[data-message]');
    const entry = { state: root.dataset.state, reason: root.dataset.reason || null, message: message ? message.textContent : '' };
    if (!last || last.state !== entry.state || last.message !== entry.message || last.reason !== entry.reason) {
      last = entry;
      window.__record(JSON.stringify(entry));
    }
  };
  const watch = () => {
    record();
    new MutationObserver(record).observe(document.body, { attributes: true, childList: true, subtree: true, characterData: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch); else watch();
})();`;

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const outDir = input.outDir;
mkdirSync(outDir, { recursive: true });

class Scenario {
  constructor(browser, spec) {
    this.browser = browser;
    this.spec = spec;
    this.states = [];
    this.screenshots = [];
    this.violations = [];
    this.problems = [];
    this.extra = {};
    /** The merchant URLs the pages asked to go to, in order. */
    this.returns = [];
    this.wallet = null;
    this.announced = null;
    this.contexts = [];
  }

  /**
   * Two wallets that announce themselves over EIP-6963: one that signs with the fixture's key and holds no ether, and
   * one anvil sends for (the fixture's account) that batches calls (EIP-5792). {@code use} names the one the scenario
   * pays with (`signing` or `batching`); it becomes {@link wallet}.
   */
  announcedWallets(use) {
    const signing = new SigningWallet({ rpcUrl: input.rpcUrl, chainIdHex: input.chainIdHex, privateKey: this.spec.privateKey });
    signing.info = { uuid: '6a1f2a36-34a5-4c43-9a0e-5b1c1d6b0a01', name: 'Signer Wallet', icon: icon('#0f766e', 'S'),
      rdns: SIGNING_RDNS };
    const batching = new TestWallet({ rpcUrl: input.rpcUrl, chainIdHex: input.chainIdHex, account: this.spec.account, batching: true });
    batching.info = { uuid: '0c7e3c57-8e07-4f53-b4c4-0b6a2f8a9b02', name: 'Batch Wallet', icon: icon('#7c3aed', 'B'),
      rdns: BATCHING_RDNS };
    this.announced = [signing, batching];
    this.wallet = use === 'signing' ? signing : batching;
    return this.wallet;
  }

  newWallet(options = {}) {
    this.wallet = new TestWallet({ rpcUrl: input.rpcUrl, chainIdHex: input.chainIdHex, account: this.spec.account, ...options });
    return this.wallet;
  }

  async open(url, { javaScript = true, wallet = this.wallet } = {}) {
    this.javaScript = javaScript;
    const context = await this.browser.newContext({ viewport: { width: WIDTH, height: 780 }, javaScriptEnabled: javaScript,
      deviceScaleFactor: 1, locale: 'en-US' });
    this.contexts.push(context);
    // The merchant's site, which the success and cancel URLs name: no request leaves the machine, and the page stays
    // where it is, recording where it asked to go (returnedTo). A paid or active page goes back to the merchant 2.5 s
    // after it shows, and its photograph and accessibility check must not race that. The navigation is stopped
    // (aborted), not held: Chromium paints no frame while a navigation is pending, so a screenshot taken then waits
    // for the held navigation, which waited for the screenshot (a CI run hung there until the scenario's limit).
    await context.route(MERCHANT_SITE + '/**', async (route) => {
      this.returns.push(route.request().url());
      await route.abort('aborted');
    });
    if (this.announced) {
      await useAnnouncedWallets(context, this.announced);
    } else if (wallet) {
      await useWallet(context, wallet);
    }
    // States and policy violations reach Node as they happen, so a navigation loses none.
    await context.exposeBinding('__record', (source, text) => {
      const entry = JSON.parse(text);
      if (entry.csp) {
        this.problems.push('Content-Security-Policy violation: ' + entry.csp);
      } else {
        this.states.push(entry);
      }
    });
    await context.addInitScript(RECORDER);
    const page = await context.newPage();
    page.on('pageerror', (error) => this.problems.push('page error: ' + error.message));
    page.on('requestfailed', (request) => {
      const error = request.failure()?.errorText;
      // A status poll in flight when the page leaves (the paid page takes the customer back to the merchant) is
      // aborted by the browser: the page's own doing, not a failure. Anything else that fails is.
      if (error === 'net::ERR_ABORTED' && ['fetch', 'xhr'].includes(request.resourceType())) {
        return;
      }
      // The return to the merchant, stopped on purpose (above).
      if (error === 'net::ERR_ABORTED' && this.returns.includes(request.url())) {
        return;
      }
      this.problems.push(`request failed: ${request.method()} ${request.url()} ${error}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
        this.problems.push('console error: ' + message.text());
      }
    });
    const response = await page.goto(url);
    if (!response || response.status() !== 200) {
      throw new Error(`GET ${url} answered ${response && response.status()}`);
    }
    return page;
  }

  /** Waits for the state (with a sentence matching {@code message}), then checks its reason; returns the sentence. */
  expect(page, state, options) {
    return expectState(page, state, options);
  }

  /** The one visible action button, which must be {@code action}. */
  action(page, action) {
    return visibleAction(page, action);
  }

  click(page, action) {
    return clickAction(page, action);
  }

  /** Photographs the page as it is (full height, 360 px wide) and checks it with axe-core. */
  async shoot(page, label) {
    const file = join(outDir, `${this.spec.name}--${label}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    this.screenshots.push(file);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > WIDTH) {
      this.problems.push(`${label}: the page is ${width} px wide at a ${WIDTH} px viewport`);
    }
    if (!this.javaScript) {
      // axe-core runs on timers, which a page without JavaScript never fires; the same page with it is checked.
      return;
    }
    const found = await seriousViolations(page);
    for (const violation of found) {
      this.violations.push(`${label}: ${violation}`);
    }
  }

  async close() {
    for (const context of this.contexts) {
      await context.close();
    }
  }
}

// ---- scenarios ---------------------------------------------------------------------------------------------------

const ON_ANVIL = { knowsChain: true };
const SIGNING_RDNS = 'org.example.signer';
const BATCHING_RDNS = 'org.example.batcher';

/** The merchant URL the page asked to go back to (stopped, see Scenario.open), awaited for at most 10 s. */
async function returnedTo(s) {
  const deadline = Date.now() + 10000;
  while (s.returns.length === 0) {
    if (Date.now() > deadline) {
      throw new Error('the page did not go back to the merchant within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return s.returns[0];
}

/** Both announced wallets are offered, each a connect button with its rdns, name and icon; the injected one is not. */
async function expectBothWallets(s, page) {
  const offered = await page.$$eval('[data-action="connect"]', (buttons) => buttons
      .filter((b) => !b.hidden && b.offsetParent !== null)
      .map((b) => ({ rdns: b.dataset.walletRdns || null, text: b.textContent, icon: !!b.querySelector('img[src^="data:image/"]') })));
  const rdns = offered.map((o) => o.rdns).sort();
  if (JSON.stringify(rdns) !== JSON.stringify([BATCHING_RDNS, SIGNING_RDNS].sort())
      || !offered.every((o) => o.icon && /Connect (Signer|Batch) Wallet/.test(o.text))) {
    throw new Error('expected one connect button per announced wallet with its name and icon, got ' + JSON.stringify(offered));
  }
  s.extra.offered = offered.map((o) => o.rdns);
}

/** The pay page's EIP-681 QR code: drawn (a data: image with its alt text) beside the URI, which is returned. */
async function expectQr(page) {
  await page.waitForFunction(() => {
    const image = document.querySelector('img[data-qr]');
    return image && !image.hidden && image.src.startsWith('data:image/png') && image.naturalWidth > 0;
  }, null, { timeout: 10000, polling: 50 });
  const alt = await page.getAttribute('img[data-qr]', 'alt');
  if (!alt) {
    throw new Error('the QR code has no alt text');
  }
  return page.getAttribute('[data-eip681]', 'href');
}

/** What a phone wallet does with the scanned URI: the token transfer it names, from {@code from} (anvil sends for it). */
async function payFromPhone(uri, from) {
  const match = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\/transfer\?address=(0x[0-9a-fA-F]{40})&uint256=(\d+)$/.exec(uri);
  if (!match || BigInt(match[2]) !== BigInt(input.chainIdHex)) {
    throw new Error('not an EIP-681 transfer on the local chain: ' + uri);
  }
  const data = '0xa9059cbb' + match[3].slice(2).toLowerCase().padStart(64, '0') + BigInt(match[4]).toString(16).padStart(64, '0');
  const phone = new TestWallet({ rpcUrl: input.rpcUrl, chainIdHex: input.chainIdHex, account: from });
  return phone.rpc('eth_sendTransaction', [{ from, to: match[1], data }]);
}

/** Connects an on-chain page whose wallet is already on the right chain; leaves it ready to pay. */
function connect(s, page, label) {
  return connectWallet(page, label === 'expired' ? 'expired' : 'ready');
}

async function payAndConfirm(s, page, { late = false } = {}) {
  const pause = s.wallet.pause('eth_sendTransaction');
  await s.click(page, 'pay');
  await pause;
  await s.expect(page, 'sending', { message: /Confirm it in your wallet/ });
  await s.shoot(page, 'sending');
  s.wallet.resume('eth_sendTransaction');
  await s.expect(page, 'confirming');
  await s.shoot(page, 'confirming');
  const sentence = await s.expect(page, 'paid', { message: late ? /after the payment had expired/ : /^Paid\./ });
  return sentence;
}

const scenarios = {
  async 'subscribe-chain'(s) {
    // A wallet on another chain that does not know the page's: switch fails with 4902, the chain is added, then used.
    s.newWallet({ startChainIdHex: '0x1', knowsChain: false });
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready', { message: /Subscribe to .* for 12\.5 USDC every month/ });
    await s.shoot(page, 'ready');
    let waiting = s.wallet.pause('eth_requestAccounts');
    await s.click(page, 'connect');
    await waiting;
    await s.expect(page, 'connecting', { message: /Open your wallet/ });
    await s.shoot(page, 'connecting');
    waiting = s.wallet.pause('wallet_switchEthereumChain');
    s.wallet.resume('eth_requestAccounts');
    await waiting;
    await s.expect(page, 'wrong-chain', { message: /Approve the switch to/ });
    await s.shoot(page, 'wrong-chain-switching');
    s.wallet.resume('wallet_switchEthereumChain');
    await s.expect(page, 'ready', { message: /Connected as/ });
    await s.shoot(page, 'ready-connected');
    waiting = s.wallet.pause('eth_sendTransaction');
    await s.click(page, 'subscribe');
    await waiting;
    await s.expect(page, 'sending', { message: /^Step 1 of 2: Allow the subscription vault/ });
    await s.shoot(page, 'sending');
    s.wallet.resume('eth_sendTransaction');
    await s.expect(page, 'confirming');
    await s.shoot(page, 'confirming');
    await s.expect(page, 'active', { message: /Your subscription is active: 12\.5 USDC every month/ });
    await s.shoot(page, 'active');
    s.extra.redirectedTo = await returnedTo(s);
    s.extra.requests = s.wallet.requests;
    // A reload afterwards: already active.
    await page.goto(s.spec.url);
    await s.expect(page, 'active', { message: /already|active/ });
    await s.shoot(page, 'active-reload');
  },

  // A subscription with a metered item: every sentence says what the mandate is signed for, up to the maximum per
  // period, and the first charge takes the seats alone.
  async 'subscribe-metered'(s) {
    s.newWallet(ON_ANVIL);
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready', { message: /Subscribe to .* for up to 50 USDC every month/ });
    await s.shoot(page, 'ready');
    await connect(s, page);
    await s.click(page, 'subscribe');
    await s.expect(page, 'active', { message: /Your subscription is active: up to 50 USDC every month/ });
    await s.shoot(page, 'active');
    s.extra.nextPayment = (await page.textContent('[data-next-payment]')).trim();
  },

  async 'pay-chain'(s) {
    s.newWallet(ON_ANVIL);
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready', { message: /Pay 25 USDC to/ });
    await s.shoot(page, 'ready');
    await connect(s, page);
    await s.shoot(page, 'ready-connected');
    await payAndConfirm(s, page);
    await s.shoot(page, 'paid');
    s.extra.redirectedTo = await returnedTo(s);
    await page.goto(s.spec.url);
    await s.expect(page, 'paid', { message: /already paid/ });
    await s.shoot(page, 'paid-reload');
  },

  async 'link-chain'(s) {
    s.newWallet(ON_ANVIL);
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready', { message: /Continue to the payment page/ });
    await s.shoot(page, 'ready');
    // A plausible address to the browser, refused by the server's own check: the refusal is shown in place.
    await page.getByLabel('Your e-mail').fill('ada@localhost');
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Your wallet address (optional)').fill(s.spec.account);
    await s.click(page, 'open');
    await s.expect(page, 'failed', { reason: 'invalid', message: /e-mail address/ });
    await s.shoot(page, 'failed-invalid-email');
    await page.getByLabel('Your e-mail').fill(s.spec.email);
    await s.click(page, 'open');
    await page.waitForURL(/\/checkout\/pay\/pay_/, { timeout: STEP_MS });
    s.extra.paymentUrl = page.url();
    await connect(s, page);
    await payAndConfirm(s, page);
  },

  async 'link-nojs'(s) {
    const page = await s.open(s.spec.url, { javaScript: false });
    await s.expect(page, 'ready');
    await page.getByLabel('Your e-mail').fill(s.spec.email);
    await page.getByLabel('Your name').fill('Grace Hopper');
    await s.shoot(page, 'ready-nojs');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/checkout\/pay\/pay_/, { timeout: STEP_MS });
    s.extra.paymentUrl = page.url();
    await s.expect(page, 'ready');
    // Chromium with scripting disabled by the DevTools protocol still parses <noscript> as if scripts ran, so the note
    // is read from the markup rather than from what is painted.
    const note = await page.locator('noscript').first().textContent();
    if (!/Paying from this page needs JavaScript/.test(note || '')) {
      throw new Error('the payment page without JavaScript does not say what else to do: ' + note);
    }
    await s.shoot(page, 'pay-nojs');
  },

  async 'link-unavailable'(s) {
    const cases = [['used-up', /used as many times as it allows/], ['disabled', /disabled by the merchant/], ['expired', /has expired/]];
    for (const [which, sentence] of cases) {
      const page = await s.open(s.spec.urls[which]);
      await s.expect(page, 'unavailable', { message: sentence });
      if (await page.locator('form').count() !== 0) {
        throw new Error(`the ${which} link still offers its form`);
      }
      await s.shoot(page, 'unavailable-' + which);
    }
  },

  async 'pay-no-wallet'(s) {
    // No wallet in the browser: the page leads with the QR code, and trying again still offers it.
    const page = await s.open(s.spec.url, { wallet: null });
    await s.expect(page, 'ready', { reason: 'no-wallet', message: /No browser wallet was found.*Scan the QR code/ });
    await expectQr(page);
    await s.click(page, 'connect');
    await s.expect(page, 'ready', { reason: 'no-wallet', message: /No browser wallet was found/ });
    await s.action(page, 'connect');
    await s.shoot(page, 'ready-no-wallet-qr');
    // Framed by another site: refused by the browser (frame-ancestors 'none', X-Frame-Options DENY).
    const framer = await s.contexts[0].newPage();
    await framer.setContent(`<iframe src="${s.spec.url}" title="framed checkout"></iframe>`);
    await framer.waitForTimeout(1000);
    const framed = framer.frames().find((f) => f !== framer.mainFrame());
    const inside = framed ? await framed.evaluate(() => !!document.querySelector('[data-state]')).catch(() => false) : false;
    if (inside) {
      throw new Error('the checkout page loaded inside a frame of another page');
    }
    await framer.close();
  },

  async 'pay-rejected'(s) {
    s.newWallet(ON_ANVIL).rejectConnect = true;
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready');
    await s.click(page, 'connect');
    await s.expect(page, 'failed', { reason: 'rejected', message: /declined to connect/ });
    await s.shoot(page, 'failed-rejected');
    s.wallet.rejectConnect = false;
    await s.click(page, 'connect');
    await s.expect(page, 'ready', { message: /Connected as/ });
  },

  async 'pay-locked'(s) {
    s.newWallet(ON_ANVIL).locked = true;
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready');
    await s.click(page, 'connect');
    await s.expect(page, 'failed', { reason: 'locked', message: /locked/ });
    await s.action(page, 'connect');
    await s.shoot(page, 'failed-locked');
  },

  async 'pay-wrong-chain'(s) {
    s.newWallet({ startChainIdHex: '0x1' }).refuseSwitch = true;
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready');
    await s.click(page, 'connect');
    await s.expect(page, 'wrong-chain', { reason: 'switch-refused', message: /did not switch to Anvil/ });
    await s.shoot(page, 'wrong-chain-refused');
    s.wallet.refuseSwitch = false;
    await s.click(page, 'switch-chain');
    await s.expect(page, 'ready', { message: /Connected as/ });
  },

  async 'pay-insufficient'(s) {
    s.newWallet(ON_ANVIL);
    const page = await s.open(s.spec.url);
    await connect(s, page);
    await s.click(page, 'pay');
    await s.expect(page, 'failed', { reason: 'insufficient-balance', message: /holds 5 USDC on Anvil \(local\), less than the 25 USDC needed/ });
    await s.action(page, 'pay');
    await s.shoot(page, 'failed-insufficient-balance');
    if (s.wallet.requests.includes('eth_sendTransaction')) {
      throw new Error('a transfer was sent from a wallet that could not pay');
    }
  },

  async 'pay-tx-rejected'(s) {
    s.newWallet(ON_ANVIL).rejectTransactions = true;
    const page = await s.open(s.spec.url);
    await connect(s, page);
    await s.click(page, 'pay');
    await s.expect(page, 'failed', { reason: 'tx-rejected', message: /rejected the transaction in your wallet, so nothing was sent/ });
    await s.shoot(page, 'failed-tx-rejected');
    s.wallet.rejectTransactions = false;
    await payAndConfirm(s, page);
  },

  async 'pay-expired'(s) {
    s.newWallet(ON_ANVIL);
    const page = await s.open(s.spec.url);
    await s.expect(page, 'expired', { message: /has expired, but .* still accepts it/ });
    await s.shoot(page, 'expired');
    await connect(s, page, 'expired');
    await payAndConfirm(s, page, { late: true });
    await s.shoot(page, 'paid-late');
  },

  async 'pay-wrong-account'(s) {
    s.newWallet(ON_ANVIL);
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready');
    await s.click(page, 'connect');
    await s.expect(page, 'failed', { reason: 'wrong-account', message: /must come from the wallet/ });
    await s.shoot(page, 'failed-wrong-account');
  },

  async 'pay-qr'(s) {
    // A phone pays the scanned URI; the page, which has no wallet of its own, turns paid by itself.
    const page = await s.open(s.spec.url, { wallet: null });
    await s.expect(page, 'ready', { reason: 'no-wallet', message: /Scan the QR code/ });
    const uri = await expectQr(page);
    await s.shoot(page, 'ready-qr');
    s.extra.uri = uri;
    s.extra.phoneTx = await payFromPhone(uri, s.spec.phone);
    await s.expect(page, 'paid', { message: /^Paid\./ });
    await s.shoot(page, 'paid-qr');
  },

  async 'subscribe-batch'(s) {
    // Two wallets announced; the batching one cannot sign typed data, so it subscribes by transactions, in one batch.
    s.announcedWallets('batching');
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready', { message: /Connect your wallet/ });
    await expectBothWallets(s, page);
    await s.shoot(page, 'ready-wallets');
    await connectAnnounced(page, BATCHING_RDNS);
    await s.expect(page, 'ready', { message: /Connected as/ });
    // The wallet moves to another chain by itself: the page says so at once, and switching back goes on.
    s.wallet.current = '0x1';
    await page.evaluate((rdns) => window.__testWalletEvents[rdns]('chainChanged', '0x1'), BATCHING_RDNS);
    await s.expect(page, 'wrong-chain', { reason: 'chain-changed', message: /moved to another network/ });
    await s.shoot(page, 'wrong-chain-changed');
    await s.click(page, 'switch-chain');
    await s.expect(page, 'ready', { message: /Connected as/ });
    const waiting = s.wallet.pause('wallet_sendCalls');
    await s.click(page, 'subscribe');
    await waiting;
    await s.expect(page, 'sending', { message: /^One step: Allow the subscription vault.*, then Subscribe/ });
    await s.shoot(page, 'sending-batch');
    s.wallet.resume('wallet_sendCalls');
    await s.expect(page, 'active', { message: /Your subscription is active/ });
    await s.shoot(page, 'active-batch');
    s.extra.requests = s.wallet.requests;
  },

  async 'subscribe-signature'(s) {
    // A wallet with USDC and no ether: it signs the permit and the terms, the relayer sends and pays the gas.
    s.announcedWallets('signing');
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready', { message: /Connect your wallet/ });
    await connectAnnounced(page, SIGNING_RDNS);
    await s.expect(page, 'ready', { message: /Connected as/ });
    const waiting = s.wallet.pause('eth_signTypedData_v4');
    await s.click(page, 'subscribe');
    await waiting;
    await s.expect(page, 'sending', { message: /^Step 1 of 2: sign the permit/ });
    await s.shoot(page, 'signing-permit');
    s.wallet.resume('eth_signTypedData_v4');
    await s.expect(page, 'active', { message: /Your subscription is active/ });
    await s.shoot(page, 'active-signature');
    s.extra.redirectedTo = await returnedTo(s);
    s.extra.requests = s.wallet.requests;
    s.extra.signed = s.wallet.signed;
  },

  async 'pay-signature'(s) {
    s.announcedWallets('signing');
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready');
    await connectAnnounced(page, SIGNING_RDNS);
    await s.expect(page, 'ready', { message: /Connected as/ });
    const waiting = s.wallet.pause('eth_signTypedData_v4');
    await s.click(page, 'pay');
    await waiting;
    await s.expect(page, 'sending', { message: /^Sign the transfer of/ });
    await s.shoot(page, 'signing-transfer');
    s.wallet.resume('eth_signTypedData_v4');
    await s.expect(page, 'paid', { message: /^Paid\./ });
    await s.shoot(page, 'paid-signature');
    s.extra.requests = s.wallet.requests;
    s.extra.signed = s.wallet.signed;
  },

  async 'link-signature'(s) {
    s.announcedWallets('signing');
    const page = await s.open(s.spec.url);
    await s.expect(page, 'ready');
    await s.click(page, 'open');
    await page.waitForURL(/\/checkout\/pay\/pay_/, { timeout: STEP_MS });
    s.extra.paymentUrl = page.url();
    await connectAnnounced(page, SIGNING_RDNS);
    await s.expect(page, 'ready', { message: /Connected as/ });
    await s.click(page, 'pay');
    await s.expect(page, 'paid', { message: /^Paid\./ });
    s.extra.requests = s.wallet.requests;
    s.extra.signed = s.wallet.signed;
  },

  async 'pay-simulate'(s) {
    const page = await s.open(s.spec.url, { wallet: null });
    await s.expect(page, 'ready', { message: /Test mode/ });
    if (!(await page.getByText('Test mode: payments are simulated and no funds move.').isVisible())) {
      throw new Error('the sandbox page is not labelled as test mode');
    }
    await s.shoot(page, 'ready-sandbox');
    await s.click(page, 'simulate');
    await s.expect(page, 'paid', { message: /^Paid\./ });
    await s.shoot(page, 'paid-sandbox');
  },

  async 'subscribe-simulate'(s) {
    const page = await s.open(s.spec.url, { wallet: null });
    await s.expect(page, 'ready', { message: /Test mode/ });
    await s.shoot(page, 'ready-sandbox');
    await s.click(page, 'simulate');
    await s.expect(page, 'active', { message: /Your subscription is active/ });
    await s.shoot(page, 'active-sandbox');
  },
};

async function run(browser, spec) {
  const started = Date.now();
  const scenario = new Scenario(browser, spec);
  let error = null;
  try {
    const body = scenarios[spec.kind];
    if (!body) {
      throw new Error('no scenario ' + spec.kind);
    }
    let timer;
    const limit = new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`did not finish within ${SCENARIO_MS / 1000} s`)), SCENARIO_MS);
    });
    await Promise.race([body(scenario), limit]).finally(() => clearTimeout(timer));
  } catch (e) {
    error = e.message;
  }
  await scenario.close().catch((e) => { error = error || 'closing: ' + e.message; });
  const problems = [...scenario.problems, ...scenario.violations];
  return {
    name: spec.name, kind: spec.kind, ok: !error && problems.length === 0,
    error: [error, ...problems].filter((e) => e).join('\n') || null,
    ms: Date.now() - started, states: scenario.states, screenshots: scenario.screenshots, violations: scenario.violations,
    sent: scenario.wallet ? scenario.wallet.sent : [], extra: scenario.extra,
  };
}

const started = Date.now();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const results = [];
try {
  const queue = [...input.scenarios];
  const workers = Array.from({ length: Math.max(1, input.concurrency || 3) }, async () => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const result = await run(browser, spec);
      console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${spec.name} (${result.ms} ms)${result.ok ? '' : ': ' + result.error}`);
      results.push(result);
    }
  });
  await Promise.all(workers);
} finally {
  await browser.close();
}
writeFileSync(process.argv[3], JSON.stringify({ ms: Date.now() - started, results }, null, 2));
