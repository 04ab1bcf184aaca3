// The customer portal's script: plain browser JavaScript, no dependencies, no build step. It finds the browser's
// wallets (each wallet that announces itself over EIP-6963 is a button, data-action="connect" and data-wallet-rdns;
// window.ethereum is the fallback when none does), and on the sign-in page signs the server's Sign-In with Ethereum
// message (personal_sign); on a confirmation that needs a signature (revoke, renew the allowance) it signs the page's
// EIP-712 typed data (eth_signTypedData_v4) and posts the form with it.
(function () {
  'use strict';

  const main = document.querySelector('main[data-page]');
  if (!main) {
    return;
  }
  const page = main.dataset.page;
  const json = main.dataset.json ? JSON.parse(main.dataset.json) : {};
  const list = document.querySelector('[data-wallets]');
  const message = document.querySelector('[data-message]');
  const wallets = new Map();
  let busy = false;

  function say(sentence, error) {
    if (message) {
      message.textContent = sentence;
      message.classList.toggle('error', Boolean(error));
      message.setAttribute('role', error ? 'alert' : 'status');
    }
  }

  function announced(event) {
    const detail = event.detail;
    if (!detail || !detail.info || !detail.provider || typeof detail.provider.request !== 'function'
        || typeof detail.info.rdns !== 'string' || detail.info.rdns === '') {
      return;
    }
    wallets.set(detail.info.rdns, detail);
    draw();
  }

  function draw() {
    if (!list) {
      return;
    }
    const found = Array.from(wallets.values());
    if (found.length === 0 && window.ethereum && typeof window.ethereum.request === 'function') {
      found.push({ info: { rdns: 'injected', name: 'browser wallet' }, provider: window.ethereum });
    }
    list.replaceChildren(...found.map(button));
    if (found.length === 0) {
      say('No wallet found in this browser. Install a wallet, or open the portal link the merchant sent you.', true);
    } else if (!busy) {
      say(page === 'portal-sign-in' ? 'Choose your wallet.' : 'Choose the wallet that signs.');
    }
  }

  function button(detail) {
    const element = document.createElement('button');
    element.type = 'button';
    element.dataset.action = 'connect';
    element.dataset.walletRdns = detail.info.rdns;
    if (typeof detail.info.icon === 'string' && detail.info.icon.startsWith('data:image/')) {
      const icon = document.createElement('img');
      icon.src = detail.info.icon;
      icon.alt = '';
      element.append(icon);
    }
    element.append(document.createTextNode('Connect ' + String(detail.info.name || detail.info.rdns)));
    element.addEventListener('click', () => run(element, () => act(detail.provider)));
    return element;
  }

  async function run(element, work) {
    if (busy) {
      return;
    }
    busy = true;
    element.disabled = true;
    try {
      await work();
    } catch (failure) {
      say(failure && failure.message ? failure.message : 'The wallet did not sign.', true);
    } finally {
      busy = false;
      element.disabled = false;
    }
  }

  async function account(provider) {
    const accounts = await provider.request({ method: 'eth_requestAccounts' });
    if (!Array.isArray(accounts) || accounts.length === 0) {
      throw new Error('The wallet shared no account.');
    }
    return String(accounts[0]);
  }

  async function post(path, body) {
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    const csrf = document.querySelector('meta[name="csrf-token"]');
    if (csrf) {
      headers['x-csrf-token'] = csrf.content;
    }
    const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      throw new Error(answer.error || 'The request was refused.');
    }
    return answer;
  }

  function hex(text) {
    return '0x' + Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  let chosen = null;
  let chosenAccount = null;

  async function act(provider) {
    const address = await account(provider);
    if (page === 'portal-sign-in') {
      say('Sign the message in your wallet.');
      const issued = await post('/portal/sign-in/message', { merchant: json.merchant, mode: json.mode, address });
      const signature = await provider.request({ method: 'personal_sign', params: [hex(issued.message), address] });
      const opened = await post('/portal/sign-in', { message: issued.message, signature });
      say('Signed in.');
      window.location.assign(opened.redirect);
      return;
    }
    if (json.wallet && address.toLowerCase() !== String(json.wallet).toLowerCase()) {
      throw new Error('Connect the wallet of this subscription: ' + json.wallet + '.');
    }
    chosen = provider;
    chosenAccount = address;
    say('Connected ' + address + '. Confirm to sign in your wallet.');
  }

  const form = document.querySelector('form[data-signing]');
  if (form) {
    // The confirmation asks the connected wallet to sign the page's typed data, then posts the form with it.
    form.addEventListener('submit', (event) => {
      const field = form.querySelector('input[name="signature"]');
      if (field.value !== '') {
        return;
      }
      event.preventDefault();
      if (!chosen) {
        say('Connect the wallet that signs first, above.', true);
        return;
      }
      const confirm = form.querySelector('[data-action="confirm"]');
      run(confirm, async () => {
        say('Sign in your wallet.');
        field.value = await chosen.request({ method: 'eth_signTypedData_v4', params: [chosenAccount, json.typedData] });
        form.submit();
      });
    });
  }
  window.addEventListener('eip6963:announceProvider', announced);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  // A wallet that announces nothing (window.ethereum alone) is offered once the announcements had their turn.
  window.setTimeout(draw, 300);
})();
