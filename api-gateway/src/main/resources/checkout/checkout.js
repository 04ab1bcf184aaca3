// The hosted checkout pages' one script (served as /checkout/assets/checkout.js, no build step; the pay page also loads
// qrcode.js, window.QRCode). It drives the page's flow with the customer's browser wallet (EIP-1193 providers: each
// wallet that announces itself over EIP-6963 is a button; window.ethereum is the fallback when none does) and the
// page's own JSON (data-json on <main>), and shows every step on <main data-state>: ready, connecting, wrong-chain,
// sending, confirming, paid, active, failed, expired, unavailable. Each state has a sentence ([data-message]) and,
// where the customer can act, one visible button ([data-action]; for connect, one per wallet). Where the service says
// the token supports it, the customer signs (EIP-712) and the service's relayer sends and pays the gas; otherwise
// the wallet sends the transactions, as one EIP-5792 batch when it can. A subscription's page may take a promotion code
// ([data-promotion-code]), which re-prices the first payment it shows. The pay page also shows the payment as an
// EIP-681 QR code for a wallet on another device, and notices by itself when the payment is paid. The server renders
// the first state, so the page reads right without JavaScript; this script only moves it on.
(() => {
  'use strict';

  const root = document.querySelector('[data-state]');
  if (!root) {
    return;
  }
  const page = root.dataset.page;
  const message = root.querySelector('[data-message]');
  const detail = root.querySelector('[data-detail]');
  const buttons = Array.from(root.querySelectorAll('[data-action]'));
  // Polling: the chain makes a block every 1-2 s on the networks checkout supports; a second is responsive enough.
  const POLL_MS = 1000;
  // How long the customer watches before the page says it may be closed (activation and payment go on without it).
  const PATIENCE_MS = 180000;
  // Time to read "Paid" before the merchant's success page opens.
  const REDIRECT_MS = 2500;
  // How often an open pay page asks whether the payment is paid (by a phone wallet, or by a transfer from elsewhere).
  const WATCH_MS = 3000;
  const REJECTED = 4001;
  const UNKNOWN_CHAIN = 4902;
  const REQUEST_PENDING = -32002;
  // A wallet that does not sign typed data (EIP-1193 4200, JSON-RPC -32601): the page sends transactions instead.
  const UNSUPPORTED = [4200, -32601];
  const CANNOT_SIGN = Symbol('cannot sign');

  let json = null;
  let account = null;
  let busy = false;
  // Once paid or active, nothing moves the page again (the pay page's own polling and a flow may both see it).
  let finished = false;
  let lastShown = null;
  // The token's decimals, read with the customer's balance before anything is signed.
  let decimals = 6;

  // The wallets that announced themselves (EIP-6963), by rdns, and the one the customer chose.
  const wallets = new Map();
  let provider = null;
  const walletList = document.createElement('div');
  walletList.className = 'wallets';
  walletList.hidden = true;
  const legacyButton = buttons.find((button) => button.dataset.action === 'connect');
  if (legacyButton) {
    legacyButton.before(walletList);
  }

  // ---- rendering -------------------------------------------------------------------------------------------------

  function show(state, sentence, options = {}) {
    // A finished page stays finished: a flow still counting confirmations must not move it back from paid.
    if (finished && !options.final) {
      return;
    }
    lastShown = { state, sentence, options };
    root.dataset.state = state;
    if (options.reason) {
      root.dataset.reason = options.reason;
    } else {
      delete root.dataset.reason;
    }
    message.textContent = sentence;
    message.setAttribute('role', state === 'failed' || state === 'wrong-chain' ? 'alert' : 'status');
    detail.replaceChildren(...(options.detail || []));
    detail.hidden = !options.detail || options.detail.length === 0;
    // Connecting offers every announced wallet, or the one the browser injects when none announced itself.
    const choosing = options.action === 'connect' && wallets.size > 0;
    walletList.hidden = !choosing;
    walletList.querySelectorAll('button').forEach((button) => { button.disabled = false; });
    for (const button of buttons) {
      const visible = button.dataset.action === options.action && !(choosing && button === legacyButton);
      button.hidden = !visible;
      button.disabled = false;
      if (visible && options.label) {
        button.textContent = options.label;
      }
    }
  }

  function link(href, text) {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    a.rel = 'noopener noreferrer';
    return a;
  }

  function text(value) {
    return document.createTextNode(value);
  }

  function short(address) {
    return address.slice(0, 6) + '\u2026' + address.slice(-4);
  }

  function explorerLink(hash) {
    const explorers = json && json.blockExplorerUrls;
    if (!explorers || explorers.length === 0) {
      return [text('Transaction ' + short(hash) + '.')];
    }
    return [link(explorers[0].replace(/\/+$/, '') + '/tx/' + hash, 'View the transaction ' + short(hash) + ' on the explorer')];
  }

  // A subscription with a metered item is signed for up to its maximum per period, which every sentence says.
  function amount() {
    if (json.maxAmountPerPeriodUsdc !== undefined && json.maxAmountPerPeriodUsdc !== null) {
      return 'up to ' + String(json.maxAmountPerPeriodUsdc) + ' USDC';
    }
    return String(json.amountUsdc) + ' USDC';
  }

  // The first charge: the open first invoice's amount (after a discount; the seats alone for a metered plan).
  function firstAmount() {
    const first = json.firstPaymentUsdc !== undefined && json.firstPaymentUsdc !== null ? json.firstPaymentUsdc : json.amountUsdc;
    return String(first) + ' USDC';
  }

  // An instant as the server writes it on the page: 1 Jan 2027, 10:15 UTC.
  function dateText(iso) {
    const d = new Date(iso);
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const two = (n) => String(n).padStart(2, '0');
    return d.getUTCDate() + ' ' + months[d.getUTCMonth()] + ' ' + d.getUTCFullYear() + ', ' + two(d.getUTCHours()) + ':'
        + two(d.getUTCMinutes()) + ' UTC';
  }

  function merchant() {
    return json.merchantDisplayName || 'the merchant';
  }

  // ---- talking to the service ------------------------------------------------------------------------------------

  async function load() {
    const response = await fetch(root.dataset.json, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) {
      throw new ServiceError(await errorSentence(response), response.status);
    }
    json = await response.json();
    return json;
  }

  async function getJson(url) {
    const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) {
      throw new ServiceError(await errorSentence(response), response.status);
    }
    return response.json();
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      throw new ServiceError(answer.error || 'The checkout service answered ' + response.status + '.', response.status, answer.code);
    }
    return answer;
  }

  async function errorSentence(response) {
    const answer = await response.json().catch(() => ({}));
    return answer.error || 'The checkout service answered ' + response.status + '.';
  }

  class ServiceError extends Error {
    constructor(sentence, status, code) {
      super(sentence);
      this.status = status;
      this.code = code;
    }
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // ---- the wallet ------------------------------------------------------------------------------------------------

  function injected() {
    return window.ethereum && typeof window.ethereum.request === 'function' ? window.ethereum : null;
  }

  function wallet() {
    return provider;
  }

  function rpc(method, params) {
    return wallet().request(params === undefined ? { method } : { method, params });
  }

  /** EIP-6963: a wallet announces {info: {uuid, name, icon, rdns}, provider}; the page lists one button per rdns. */
  function announced(event) {
    const detail = event.detail;
    if (!detail || !detail.info || !detail.provider || typeof detail.provider.request !== 'function'
        || typeof detail.info.rdns !== 'string' || detail.info.rdns === '') {
      return;
    }
    wallets.set(detail.info.rdns, detail);
    walletList.replaceChildren(...Array.from(wallets.values(), walletButton));
    // A wallet that announces itself after the page was drawn is offered at once.
    if (lastShown && !busy && lastShown.options.action === 'connect') {
      show(lastShown.state, lastShown.sentence, lastShown.options);
    }
  }

  function walletButton(detail) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'wallet';
    button.dataset.action = 'connect';
    button.dataset.walletRdns = detail.info.rdns;
    const name = String(detail.info.name || detail.info.rdns);
    // Icons are data: URIs (EIP-6963); any other address is not loaded.
    if (typeof detail.info.icon === 'string' && detail.info.icon.startsWith('data:image/')) {
      const icon = document.createElement('img');
      icon.src = detail.info.icon;
      icon.alt = '';
      button.append(icon);
    }
    button.append(text('Connect ' + name));
    button.addEventListener('click', () => run(button, () => choose(detail.provider)));
    return button;
  }

  /** The provider the customer chose: its account and chain changes move the page at once. */
  async function choose(chosen) {
    if (provider !== chosen) {
      if (provider && typeof provider.removeListener === 'function') {
        provider.removeListener('accountsChanged', accountsChanged);
        provider.removeListener('chainChanged', chainChanged);
      }
      provider = chosen;
      account = null;
      if (provider && typeof provider.on === 'function') {
        provider.on('accountsChanged', accountsChanged);
        provider.on('chainChanged', chainChanged);
      }
    }
    if (!json) {
      await load();
    }
    if (await connect()) {
      ready();
    }
  }

  function accountsChanged(accounts) {
    if (!account || busy || finished) {
      return;
    }
    run(null, async () => {
      if (!Array.isArray(accounts) || accounts.length === 0) {
        account = null;
        show('ready', 'Your wallet disconnected from this page. Connect it again to go on.',
            { action: 'connect', label: 'Connect wallet' });
        return;
      }
      if (json.customerWallet && !accounts.some((a) => sameAddress(a, json.customerWallet))) {
        account = null;
        show('failed', 'This payment must come from the wallet ' + json.customerWallet + ', but your wallet switched to '
            + accounts[0] + '. Choose that account in your wallet, then connect again.',
            { reason: 'wrong-account', action: 'connect', label: 'Connect wallet' });
        return;
      }
      account = json.customerWallet ? accounts.find((a) => sameAddress(a, json.customerWallet)) : accounts[0];
      if (await onRightChain()) {
        ready();
      } else {
        show('wrong-chain', 'Your wallet moved to another network. Switch it to ' + chainName() + ' to go on.',
            { reason: 'chain-changed', action: 'switch-chain', label: 'Switch to ' + json.network });
      }
    });
  }

  function chainChanged(chainId) {
    if (!account || busy || finished) {
      return;
    }
    if (BigInt(chainId) === BigInt(json.chainIdHex)) {
      ready();
    } else {
      show('wrong-chain', 'Your wallet moved to another network. Switch it to ' + chainName() + ' to go on.',
          { reason: 'chain-changed', action: 'switch-chain', label: 'Switch to ' + json.network });
    }
  }

  function sameAddress(a, b) {
    return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
  }

  function word(address) {
    return address.toLowerCase().replace(/^0x/, '').padStart(64, '0');
  }

  async function tokenCall(data) {
    return BigInt(await rpc('eth_call', [{ to: json.usdcAddress, data }, 'latest']));
  }

  /** The amount in the token's base units, exactly (amounts have at most 6 decimals, the token at least 6). */
  function baseUnits(decimals) {
    const [whole, fraction = ''] = String(json.amountUsdc).split('.');
    return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  }

  function usdc(units, decimals) {
    const digits = units.toString().padStart(decimals + 1, '0');
    const whole = digits.slice(0, digits.length - decimals);
    const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
    return whole + (fraction ? '.' + fraction : '') + ' USDC';
  }

  async function connect() {
    if (!wallet()) {
      if (showOtherDevice()) {
        return false;
      }
      show('failed', 'No browser wallet was found. Install or enable a wallet extension (such as MetaMask or Rabby), '
          + 'then try again.', { reason: 'no-wallet', action: 'connect', label: 'Try again' });
      return false;
    }
    show('connecting', 'Open your wallet and allow this page to see your account.');
    let accounts;
    try {
      accounts = await rpc('eth_requestAccounts');
    } catch (error) {
      if (error && error.code === REJECTED) {
        show('failed', 'The wallet declined to connect. Connect again and approve the request in your wallet.',
            { reason: 'rejected', action: 'connect', label: 'Connect wallet' });
      } else if (error && error.code === REQUEST_PENDING) {
        show('failed', 'Your wallet already has a request waiting. Open your wallet, answer it, then connect again.',
            { reason: 'locked', action: 'connect', label: 'Connect wallet' });
      } else {
        show('failed', 'The wallet could not connect: ' + walletMessage(error) + ' Unlock your wallet, then connect again.',
            { reason: 'locked', action: 'connect', label: 'Connect wallet' });
      }
      return false;
    }
    if (!Array.isArray(accounts) || accounts.length === 0) {
      show('failed', 'Your wallet is locked or shares no account with this page. Unlock it, then connect again.',
          { reason: 'locked', action: 'connect', label: 'Connect wallet' });
      return false;
    }
    if (json.customerWallet && !accounts.some((a) => sameAddress(a, json.customerWallet))) {
      show('failed', 'This payment must come from the wallet ' + json.customerWallet + ', but your wallet is connected with '
          + accounts[0] + '. Choose that account in your wallet, then connect again.',
          { reason: 'wrong-account', action: 'connect', label: 'Connect wallet' });
      return false;
    }
    account = json.customerWallet ? accounts.find((a) => sameAddress(a, json.customerWallet)) : accounts[0];
    return switchChain();
  }

  function chainName() {
    return json.network + ' (chain id ' + json.chainId + ')';
  }

  async function onRightChain() {
    return BigInt(await rpc('eth_chainId')) === BigInt(json.chainIdHex);
  }

  /** Asks the wallet for the page's chain, adding it first when the wallet does not know it (EIP-3085, error 4902). */
  async function switchChain() {
    if (await onRightChain()) {
      return true;
    }
    show('wrong-chain', 'Your wallet is on another network. Approve the switch to ' + chainName() + ' in your wallet.');
    try {
      try {
        await rpc('wallet_switchEthereumChain', [{ chainId: json.chainIdHex }]);
      } catch (error) {
        if (!error || (error.code !== UNKNOWN_CHAIN && !(error.data && error.data.originalError
            && error.data.originalError.code === UNKNOWN_CHAIN))) {
          throw error;
        }
        const network = { chainId: json.chainIdHex, chainName: json.network, nativeCurrency: json.nativeCurrency,
          rpcUrls: json.rpcUrls };
        if (json.blockExplorerUrls && json.blockExplorerUrls.length > 0) {
          network.blockExplorerUrls = json.blockExplorerUrls;
        }
        await rpc('wallet_addEthereumChain', [network]);
        if (!(await onRightChain())) {
          await rpc('wallet_switchEthereumChain', [{ chainId: json.chainIdHex }]);
        }
      }
    } catch (error) {
      show('wrong-chain', 'Your wallet is on another network and did not switch to ' + chainName() + '. Switch it to '
          + json.network + ' to go on.', { reason: 'switch-refused', action: 'switch-chain', label: 'Switch to ' + json.network });
      return false;
    }
    if (!(await onRightChain())) {
      show('wrong-chain', 'Your wallet is still on another network. Switch it to ' + chainName() + ' to go on.',
          { reason: 'switch-refused', action: 'switch-chain', label: 'Switch to ' + json.network });
      return false;
    }
    return true;
  }

  /** The customer's USDC is checked before anything is signed: a transfer that cannot succeed is never sent. */
  async function enoughBalance() {
    decimals = Number(await tokenCall('0x313ce567'));
    const balance = await tokenCall('0x70a08231' + word(account));
    const needed = baseUnits(decimals);
    if (balance < needed) {
      show('failed', 'Your wallet ' + short(account) + ' holds ' + usdc(balance, decimals) + ' on ' + json.network
          + ', less than the ' + amount() + ' needed. Add USDC to it, then try again.',
          { reason: 'insufficient-balance', action: page, label: 'Check again and ' + (page === 'pay' ? 'pay' : 'subscribe') });
      return false;
    }
    return true;
  }

  function walletMessage(error) {
    return error && error.message ? String(error.message).replace(/\.?$/, '.') : 'no reason given.';
  }

  /** Sends one call and waits for it to be mined; null when the customer rejected it or it failed (state shown). */
  async function send(call, step) {
    show('sending', step + call.description + '. Confirm it in your wallet.');
    let hash;
    try {
      hash = await rpc('eth_sendTransaction', [{ from: account, to: call.to, data: call.data, value: call.value }]);
    } catch (error) {
      if (error && error.code === REJECTED) {
        show('failed', 'You rejected the transaction in your wallet, so nothing was sent. Try again when you are ready.',
            { reason: 'tx-rejected', action: page, label: page === 'pay' ? 'Pay ' + amount() : 'Subscribe' });
      } else {
        show('failed', 'The wallet could not send the transaction: ' + walletMessage(error),
            { reason: 'send-failed', action: page, label: 'Try again' });
      }
      return null;
    }
    show('confirming', step + 'Sent. Waiting for the network to include it.', { detail: explorerLink(hash) });
    const receipt = await mined(hash);
    if (BigInt(receipt.status) !== 1n) {
      show('failed', 'The transaction failed on ' + json.network + ' and moved no USDC.',
          { reason: 'reverted', action: page, label: 'Try again', detail: explorerLink(hash) });
      return null;
    }
    return { hash, block: BigInt(receipt.blockNumber) };
  }

  async function mined(hash) {
    for (;;) {
      const receipt = await rpc('eth_getTransactionReceipt', [hash]);
      if (receipt && receipt.blockNumber) {
        return receipt;
      }
      await sleep(POLL_MS);
    }
  }

  /**
   * Asks the wallet to sign EIP-712 typed data (eth_signTypedData_v4); null when it declined or failed (state shown),
   * CANNOT_SIGN when the wallet has no such method.
   */
  async function sign(typedData, sentence, retry) {
    show('sending', sentence + ' Confirm it in your wallet: signing sends nothing and costs no gas.');
    try {
      return await rpc('eth_signTypedData_v4', [account, typeof typedData === 'string' ? typedData : JSON.stringify(typedData)]);
    } catch (error) {
      if (error && UNSUPPORTED.includes(error.code)) {
        return CANNOT_SIGN;
      }
      if (error && error.code === REJECTED) {
        show('failed', 'You declined to sign in your wallet, so nothing was sent. Try again when you are ready.',
            { reason: 'sign-rejected', action: page, label: retry });
      } else {
        show('failed', 'The wallet could not sign: ' + walletMessage(error), { reason: 'sign-failed', action: page, label: 'Try again' });
      }
      return null;
    }
  }

  /** EIP-5792: whether the wallet sends several calls on this chain as one atomic batch. */
  async function batches() {
    let capabilities;
    try {
      capabilities = await rpc('wallet_getCapabilities', [account, [json.chainIdHex]]);
    } catch (error) {
      return false;
    }
    const here = capabilities && (capabilities[json.chainIdHex] || capabilities[String(BigInt(json.chainIdHex))]);
    if (!here) {
      return false;
    }
    // "ready": the wallet batches once the customer lets it upgrade the account; it asks them itself.
    return (here.atomic && (here.atomic.status === 'supported' || here.atomic.status === 'ready'))
        || (here.atomicBatch && here.atomicBatch.supported === true);
  }

  /** Sends the calls as one atomic batch (wallet_sendCalls) and waits for it; null when it did not happen (state shown). */
  async function sendBatch(calls) {
    show('sending', 'One step: ' + calls.map((call) => call.description).join(', then ') + '. Confirm it in your wallet.');
    let id;
    try {
      const answer = await rpc('wallet_sendCalls', [{ version: '2.0.0', chainId: json.chainIdHex, from: account,
        atomicRequired: true, calls: calls.map((call) => ({ to: call.to, data: call.data, value: call.value })) }]);
      id = typeof answer === 'string' ? answer : answer.id;
    } catch (error) {
      if (error && error.code === REJECTED) {
        show('failed', 'You rejected the request in your wallet, so nothing was sent. Try again when you are ready.',
            { reason: 'tx-rejected', action: page, label: 'Subscribe' });
      } else {
        show('failed', 'The wallet could not send the calls: ' + walletMessage(error), { reason: 'send-failed', action: page, label: 'Try again' });
      }
      return null;
    }
    show('confirming', 'Sent. Waiting for the network to include it.');
    for (;;) {
      const status = await rpc('wallet_getCallsStatus', [id]);
      // EIP-5792: 1xx pending, 200 confirmed, 4xx/5xx/6xx failed (older wallets: "PENDING", "CONFIRMED").
      const code = typeof status.status === 'number' ? status.status : status.status === 'CONFIRMED' ? 200 : 100;
      if (code >= 200 && code < 300) {
        const receipts = status.receipts || [];
        const last = receipts[receipts.length - 1];
        if (!last || receipts.some((receipt) => BigInt(receipt.status) !== 1n)) {
          show('failed', 'The calls failed on ' + json.network + ' and moved no USDC.', { reason: 'reverted', action: page, label: 'Try again' });
          return null;
        }
        return { hash: last.transactionHash, block: BigInt(last.blockNumber) };
      }
      if (code >= 400) {
        show('failed', 'The calls failed and moved no USDC.', { reason: 'reverted', action: page, label: 'Try again' });
        return null;
      }
      await sleep(POLL_MS);
    }
  }

  /** Waits until the transaction's block has the chain's confirmations on top (itself included), saying n of d. */
  async function confirmations(sent, prefix) {
    const needed = BigInt(json.confirmations || 1);
    for (;;) {
      const head = BigInt(await rpc('eth_blockNumber'));
      const have = head >= sent.block ? head - sent.block + 1n : 0n;
      // Said even when the depth is already there, so the customer always sees where the count stands.
      show('confirming', prefix + 'Confirmations: ' + (have < needed ? have : needed) + ' of ' + needed + '.'
          + (have < needed ? ' Waiting for the network.' : ''), { detail: explorerLink(sent.hash) });
      if (have >= needed || finished) {
        return;
      }
      await sleep(POLL_MS);
    }
  }

  // ---- outcomes --------------------------------------------------------------------------------------------------

  // The status pill's words, as the server renders them (PayPage, CheckoutPage).
  const STATUS_WORDS = { paid: 'Paid', active: 'Active' };

  function done(state, sentence) {
    if (finished) {
      return;
    }
    finished = true;
    const other = root.querySelector('[data-other-device]');
    if (other) {
      other.hidden = true;
    }
    const pill = root.querySelector('[data-status]');
    if (pill && STATUS_WORDS[state]) {
      pill.textContent = STATUS_WORDS[state];
    }
    // Nothing to cancel any more.
    root.querySelectorAll('[data-cancel]').forEach((element) => { element.hidden = true; });
    const returning = json.successUrl ? [link(json.successUrl, 'Return to ' + merchant())] : [];
    show(state, sentence + (json.successUrl ? ' Taking you back to ' + merchant() + '\u2026' : ''), { detail: returning, final: true });
    if (json.successUrl) {
      setTimeout(() => window.location.assign(json.successUrl), REDIRECT_MS);
    }
  }

  function failedService(error) {
    const sentence = error instanceof ServiceError ? error.message
        : 'The page could not reach the checkout service. Check your connection, then try again.';
    show('failed', sentence, { reason: 'service', action: page === 'link' ? 'open' : 'connect', label: 'Try again' });
  }

  // ---- pay -------------------------------------------------------------------------------------------------------

  async function pay() {
    const wasExpired = json.status === 'expired';
    if (!(await switchChain()) || !(await enoughBalance())) {
      return;
    }
    if (json.signatureSupported) {
      const signing = await getJson(resource() + '/signing?wallet=' + encodeURIComponent(account));
      if (signing.supported && (await payBySignature(signing.authorization, wasExpired))) {
        return;
      }
    }
    const sent = await send(json.walletCalls[0], '');
    if (!sent) {
      return;
    }
    await confirmations(sent, '');
    const started = Date.now();
    for (;;) {
      try {
        const answer = await post(root.dataset.post, { txHash: sent.hash });
        if (answer.payment && answer.payment.status === 'paid') {
          json = answer.payment;
          paid(wasExpired);
          return;
        }
      } catch (error) {
        if (!(error instanceof ServiceError) || error.code !== 'PAYMENT_PENDING_CONFIRMATIONS') {
          show('failed', error.message + ' If USDC left your wallet, keep the transaction hash and contact ' + merchant() + '.',
              { reason: 'confirm-refused', detail: explorerLink(sent.hash) });
          return;
        }
      }
      if (Date.now() - started > PATIENCE_MS) {
        show('confirming', 'Your payment is sent and still being confirmed. You can close this page: it will be marked '
            + 'paid by itself.', { detail: explorerLink(sent.hash) });
      }
      await sleep(POLL_MS);
    }
  }

  /**
   * EIP-3009: the customer signs the transfer, the service's relayer sends it and pays the gas. False when the wallet
   * cannot sign typed data (the transfer is then sent as a transaction); true once the outcome is shown.
   */
  async function payBySignature(authorization, wasExpired) {
    const before = json.authorization;
    const signature = await sign(authorization.typedData, 'Sign the transfer of ' + amount() + ' to ' + merchant() + ':'
        + ' the payment service sends it for you.', 'Pay ' + amount());
    if (signature === CANNOT_SIGN) {
      return false;
    }
    if (!signature) {
      return true;
    }
    show('sending', 'Sending your signed payment\u2026');
    try {
      json = (await post(resource() + '/authorization', { from: account, validAfter: authorization.validAfter,
        validBefore: authorization.validBefore, signature })).payment;
    } catch (error) {
      refused(error);
      return true;
    }
    const started = Date.now();
    while (!finished) {
      if (json.status === 'paid') {
        paid(wasExpired);
        return true;
      }
      if (failedSince(json.authorization, before)) {
        show('failed', 'Your signed payment was not carried out: ' + failure(json.authorization) + ' No USDC moved. Try again.',
            { reason: 'authorization-failed', action: 'pay', label: 'Pay ' + amount() });
        return true;
      }
      show('confirming', Date.now() - started > PATIENCE_MS
          ? 'Your payment is signed and still on its way. You can close this page: it will be marked paid by itself.'
          : 'Signed. The payment service is sending your transfer of ' + amount() + '; waiting for the network.',
          { detail: json.authorization && json.authorization.txHash ? explorerLink(json.authorization.txHash) : [] });
      await sleep(POLL_MS);
      await load();
    }
    return true;
  }

  /** The resource's own address: /checkout/pay/{id} or /checkout/subscribe/{id}. */
  function resource() {
    return page === 'pay' ? '/checkout/pay/' + encodeURIComponent(json.paymentId)
        : '/checkout/subscribe/' + encodeURIComponent(json.subscriptionId);
  }

  /** A signed submission that failed after the one known before this page's own (a new submittedAt). */
  function failedSince(signed, before) {
    return !!signed && signed.status === 'failed' && !(before && before.submittedAt === signed.submittedAt);
  }

  function failure(signed) {
    return String(signed.failureMessage || signed.failureCode || 'no reason given').replace(/\.?$/, '.');
  }

  function refused(error) {
    if (error instanceof ServiceError && error.status < 500) {
      show('failed', error.message + ' Nothing was sent.', { reason: 'signature-refused', action: page, label: 'Try again' });
    } else {
      failedService(error);
    }
  }

  /** The pay page's watch: a payment made from another device (the QR code) or elsewhere turns the page paid. */
  async function watchPaid() {
    while (!finished) {
      await sleep(WATCH_MS);
      try {
        const status = await getJson(root.dataset.json);
        if (status.status === 'paid' && !finished) {
          const late = json && json.status === 'expired';
          json = status;
          paid(late);
        }
      } catch (error) {
        // The next round asks again; the customer's own flow reports its own failures.
      }
    }
  }

  /** Draws the EIP-681 URI as a QR code (window.QRCode, bundled qrcode.js) into [data-qr]. */
  function drawQr() {
    const image = root.querySelector('[data-qr]');
    const uri = root.querySelector('[data-eip681]');
    if (!image || !uri || !window.QRCode) {
      return;
    }
    window.QRCode.toDataURL(uri.getAttribute('href'), { errorCorrectionLevel: 'M', margin: 2, width: 232 })
        .then((url) => {
          image.src = url;
          image.hidden = false;
        })
        .catch(() => { /* the URI below stays: a wallet can open it as a link */ });
  }

  /**
   * Without any browser wallet, the pay page leads with the QR code (a phone wallet pays it); false when there is a
   * wallet, or nothing to scan.
   */
  function showOtherDevice() {
    const other = root.querySelector('[data-other-device]');
    if (page !== 'pay' || !other || wallets.size > 0 || injected()) {
      return false;
    }
    root.querySelector('.flow').before(other);
    show(json.status === 'expired' ? 'expired' : 'ready', 'No browser wallet was found on this device. Scan the QR code '
        + 'with your phone\'s wallet to pay ' + amount() + ' to ' + merchant() + ' on ' + json.network + ': this page turns '
        + 'paid by itself. Or install a wallet extension, then try again.',
        { reason: 'no-wallet', action: 'connect', label: 'Try again' });
    return true;
  }

  function paid(late) {
    done('paid', late ? 'Paid after the payment had expired: ' + merchant() + ' still accepts it, and it is paid.'
        : 'Paid. ' + merchant() + ' has received ' + amount() + '.');
  }

  async function simulatePay() {
    show('sending', 'Simulating the payment (test mode: no funds move).');
    const answer = await post(root.dataset.post, {});
    json = answer.payment;
    paid(false);
  }

  // ---- subscribe -------------------------------------------------------------------------------------------------

  async function subscribe() {
    if (!(await switchChain()) || !(await enoughBalance())) {
      return;
    }
    if (json.signatureSupported) {
      const signing = await getJson(resource() + '/signing?wallet=' + encodeURIComponent(account));
      if (signing.supported && (await subscribeBySignature(signing))) {
        return;
      }
    }
    const calls = json.walletCalls;
    if (calls.length > 1 && (await batches())) {
      const batch = await sendBatch(calls);
      if (batch) {
        await confirmations(batch, '');
        await awaitActive();
      }
      return;
    }
    let last = null;
    for (let i = 0; i < calls.length; i++) {
      last = await send(calls[i], 'Step ' + (i + 1) + ' of ' + calls.length + ': ');
      if (!last) {
        return;
      }
    }
    await confirmations(last, '');
    await awaitActive();
  }

  /**
   * EIP-2612 permit (when the token needs one) and the vault's subscription terms (EIP-712), both signed; the service's
   * relayer submits them in one transaction that also makes the first charge, and pays the gas. False when the wallet
   * cannot sign typed data (the page then sends the transactions); true once the outcome is shown.
   */
  async function subscribeBySignature(signing) {
    const before = json.mandateSignature;
    const steps = signing.permit ? 2 : 1;
    let permit = null;
    if (signing.permit) {
      const signature = await sign(signing.permit.typedData, 'Step 1 of 2: sign the permit that lets the subscription '
          + 'vault collect up to ' + usdc(BigInt(signing.permit.value), decimals) + ', one period at a time.', 'Subscribe');
      if (signature === CANNOT_SIGN) {
        return false;
      }
      if (!signature) {
        return true;
      }
      permit = { value: signing.permit.value, deadline: signing.permit.deadline, signature };
    }
    const signature = await sign(signing.terms.typedData, (steps === 2 ? 'Step 2 of 2: ' : '') + 'sign the subscription: '
        + amount() + ' every ' + json.interval + ' to ' + merchant() + ', for ' + signing.terms.periods + ' periods.', 'Subscribe');
    if (signature === CANNOT_SIGN) {
      return false;
    }
    if (!signature) {
      return true;
    }
    show('sending', 'Sending your signed subscription\u2026');
    try {
      json = (await post(resource() + '/signatures', { wallet: account, periods: signing.terms.periods,
        deadline: signing.terms.deadline, nonce: signing.terms.nonce, signature, permit })).subscription;
    } catch (error) {
      refused(error);
      return true;
    }
    await awaitActive(before);
    return true;
  }

  async function awaitActive(before) {
    const started = Date.now();
    for (;;) {
      await load();
      if (json.status === 'active') {
        active();
        return;
      }
      if (before !== undefined && failedSince(json.mandateSignature, before)) {
        show('failed', 'Your signed subscription was not carried out: ' + failure(json.mandateSignature) + ' Nothing was '
            + 'charged. Try again.', { reason: 'signature-failed', action: 'subscribe', label: 'Subscribe' });
        return;
      }
      show('confirming', Date.now() - started > PATIENCE_MS
          ? 'Your subscription is signed and still waiting for its first charge. You can close this page: it activates by itself.'
          : 'Your subscription is signed. Waiting for ' + merchant() + ' to activate it and collect the first ' + firstAmount() + '.');
      await sleep(POLL_MS);
    }
  }

  function active() {
    // Once active the next payment is the period's end, no longer the first charge just made.
    const next = root.querySelector('[data-next-payment]');
    if (next && json.nextPaymentAt) {
      next.textContent = dateText(json.nextPaymentAt);
    }
    done('active', 'Your subscription is active: ' + amount() + ' every ' + json.interval + ' to ' + merchant() + '.');
  }

  async function simulateSubscribe() {
    show('sending', 'Simulating the subscription (test mode: no funds move).');
    const answer = await post(root.dataset.post, {});
    json = answer.subscription;
    if (answer.charge && answer.charge.ok === false) {
      show('failed', 'The simulated first charge failed: ' + answer.charge.failureMessage,
          { reason: 'charge-failed', action: 'simulate', label: 'Simulate again' });
      return;
    }
    active();
  }

  // ---- link ------------------------------------------------------------------------------------------------------

  async function open(form) {
    const body = {};
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string' && value.trim() !== '') {
        body[name] = value.trim();
      }
    }
    show('sending', 'Opening your payment\u2026', { action: 'open', label: 'Continue to payment' });
    buttons.forEach((button) => { button.disabled = true; });
    try {
      const answer = await post(root.dataset.post, body);
      window.location.assign(answer.checkoutUrl);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'payment_link_error') {
        form.hidden = true;
        show('unavailable', error.message);
      } else if (error instanceof ServiceError && error.status < 500) {
        show('failed', error.message, { reason: 'invalid', action: 'open', label: 'Continue to payment' });
      } else {
        failedService(error);
      }
    }
  }

  // ---- wiring ----------------------------------------------------------------------------------------------------

  function ready() {
    if (finished) {
      return;
    }
    if (json.sandbox) {
      show(json.status === 'expired' ? 'expired' : 'ready', readySentence() + ' Test mode: the payment is simulated and no '
          + 'funds move.', { action: 'simulate', label: 'Simulate payment (test mode)' });
    } else if (account) {
      show(json.status === 'expired' ? 'expired' : 'ready', readySentence() + ' Connected as ' + short(account) + '.',
          { action: page, label: page === 'pay' ? 'Pay ' + amount() : 'Subscribe for ' + amount() + ' per ' + json.interval });
    } else if (!showOtherDevice()) {
      show(json.status === 'expired' ? 'expired' : 'ready', readySentence() + ' Connect your wallet to go on.',
          { action: 'connect', label: 'Connect wallet' });
    }
  }

  function readySentence() {
    if (page === 'subscribe') {
      return 'Subscribe to ' + merchant() + ' for ' + amount() + ' every ' + json.interval + ' on ' + json.network + '.';
    }
    if (json.status === 'expired') {
      return 'This payment has expired, but ' + merchant() + ' still accepts it: pay ' + amount() + ' on ' + json.network
          + ' and it counts as paid late.';
    }
    return 'Pay ' + amount() + ' to ' + merchant() + ' on ' + json.network + '.';
  }

  const actions = {
    // The page's own connect button: the browser's injected wallet, offered when no wallet announced itself.
    connect: () => choose(injected()),
    'switch-chain': async () => {
      if (await switchChain()) {
        ready();
      }
    },
    pay: () => pay(),
    subscribe: () => subscribe(),
    simulate: () => (page === 'pay' ? simulatePay() : simulateSubscribe()),
  };

  /** Runs one of the customer's actions at a time; a failure of the service or the page is shown, never lost. */
  async function run(button, action) {
    if (busy) {
      return;
    }
    busy = true;
    if (button) {
      button.disabled = true;
    }
    try {
      await action();
    } catch (error) {
      failedService(error);
    } finally {
      busy = false;
    }
  }

  for (const button of buttons) {
    const action = actions[button.dataset.action];
    if (!action || button.type === 'submit') {
      continue;
    }
    button.addEventListener('click', () => run(button, action));
  }

  window.addEventListener('eip6963:announceProvider', announced);
  window.dispatchEvent(new Event('eip6963:requestProvider'));

  // ---- a promotion code (a subscription created with allowPromotionCodes) -----------------------------------------

  // What the customer reads when the service refuses a code, by the refusal's code.
  const CODE_REFUSALS = {
    coupon_not_found: 'This code does not exist. Check it and try again.',
    validation_error: 'A code is 3 to 40 letters, digits, _ or -.',
    promotion_code_inactive: 'This code is no longer valid.',
    coupon_invalid: 'This code is no longer valid.',
    promotion_code_expired: 'This code has expired.',
    coupon_expired: 'This code has expired.',
    promotion_code_exhausted: 'This code has been used up.',
    coupon_exhausted: 'This code has been used up.',
    invoice_in_flight: 'Your first payment is already under way: a code cannot change it now.',
    promotion_codes_not_allowed: 'This checkout does not take a promotion code.',
  };

  function promotionCodes() {
    const form = root.querySelector('[data-promotion-code]');
    if (!form) {
      return;
    }
    const input = form.querySelector('[data-promotion-code-input]');
    const status = form.querySelector('[data-promotion-code-message]');
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (busy) {
        return;
      }
      busy = true;
      status.textContent = 'Applying the code...';
      try {
        json = await post(root.dataset.json.replace(/\.json$/, '/promotion_code'), { code: input.value.trim() });
        const first = root.querySelector('[data-first-payment]');
        first.querySelector('[data-first-payment-amount]').textContent = String(json.firstPaymentUsdc);
        first.querySelector('[data-discount]').textContent = json.discount || '';
        first.hidden = !json.discount;
        status.textContent = 'Applied: ' + (json.discount || 'the code') + '. Your first payment is ' + json.firstPaymentUsdc + ' USDC.';
      } catch (error) {
        status.textContent = (error.code && CODE_REFUSALS[error.code]) || error.message;
      } finally {
        busy = false;
      }
    });
  }

  async function start() {
    if (page === 'subscribe') {
      promotionCodes();
    }
    if (page === 'link') {
      const form = root.querySelector('form');
      if (form) {
        form.addEventListener('submit', (event) => {
          event.preventDefault();
          if (!busy) {
            busy = true;
            open(form).finally(() => { busy = false; });
          }
        });
      }
      return;
    }
    const state = root.dataset.state;
    if (state !== 'ready' && state !== 'expired' && state !== 'confirming') {
      return;
    }
    try {
      await load();
    } catch (error) {
      failedService(error);
      return;
    }
    if (state === 'confirming') {
      busy = true;
      awaitActive().catch(failedService).finally(() => { busy = false; });
      return;
    }
    ready();
    if (page === 'pay' && !json.sandbox) {
      drawQr();
      watchPaid();
    }
  }

  start();
})();
