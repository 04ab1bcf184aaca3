// Browser wallets for tests: the page sees window.ethereum (EIP-1193), or wallets that announce themselves over
// EIP-6963; every request goes out of the page to an object in Node (Playwright's exposeBinding), which answers wallet
// methods itself and forwards chain methods to anvil. A TestWallet holds no key: anvil signs eth_sendTransaction for
// the account (the test impersonates it); with `batching` it also answers EIP-5792 (wallet_getCapabilities says atomic,
// wallet_sendCalls sends the calls in order). A SigningWallet holds a real key and signs EIP-712 typed data itself
// (viem's signTypedData), as a wallet without ether does on the signature path; it cannot pay gas.
// A test makes a wallet misbehave as real ones do: reject (4001), stay locked, sit on another chain, not know the
// page's chain (4902), refuse to switch, or hold a request until the test lets it go (to photograph a state).
import { privateKeyToAccount } from 'viem/accounts';

export const REJECTED = 4001;
export const UNKNOWN_CHAIN = 4902;
export const UNSUPPORTED = 4200;
// A call of a batch is given its gas: approve then subscribe need about 50k and 250k; this covers both with room.
const BATCH_CALL_GAS = '0x7a120';

/** The page side: a provider that forwards each request to the binding and turns errors back into EIP-1193 ones. */
export const PROVIDER_SHIM = `(() => {
  const listeners = {};
  window.ethereum = {
    isTestWallet: true,
    request: async ({ method, params }) => {
      const answer = JSON.parse(await window.__testWallet(JSON.stringify({ method, params })));
      if (answer.error) {
        const error = new Error(answer.error.message);
        error.code = answer.error.code;
        throw error;
      }
      return answer.result;
    },
    on: (event, listener) => { (listeners[event] = listeners[event] || []).push(listener); },
    removeListener: (event, listener) => { listeners[event] = (listeners[event] || []).filter((l) => l !== listener); },
  };
})();`;

/**
 * The page side of EIP-6963 wallets: one provider per wallet ({rdns, name, icon, uuid}), each forwarding to the
 * binding __testWallets with its rdns, announced at load and again on every eip6963:requestProvider.
 * window.__testWalletEvents[rdns](event, data) lets a test fire the provider's events (accountsChanged, chainChanged).
 */
export function announcingShim(infos) {
  return `(() => {
  const infos = ${JSON.stringify(infos)};
  window.__testWalletEvents = {};
  const details = infos.map((info) => {
    const listeners = {};
    const provider = {
      request: async ({ method, params }) => {
        const answer = JSON.parse(await window.__testWallets(JSON.stringify({ rdns: info.rdns, method, params })));
        if (answer.error) {
          const error = new Error(answer.error.message);
          error.code = answer.error.code;
          throw error;
        }
        return answer.result;
      },
      on: (event, listener) => { (listeners[event] = listeners[event] || []).push(listener); },
      removeListener: (event, listener) => { listeners[event] = (listeners[event] || []).filter((l) => l !== listener); },
    };
    window.__testWalletEvents[info.rdns] = (event, data) => (listeners[event] || []).forEach((listener) => listener(data));
    return Object.freeze({ info: Object.freeze({ ...info }), provider });
  });
  const announce = () => details.forEach((detail) => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;
}

/** A wallet's EIP-6963 icon: a data: URI of a small SVG square of {@code colour} with a letter. */
export function icon(colour, letter) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="6" fill="${colour}"/>`
      + `<text x="16" y="22" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
  return 'data:image/svg+xml;base64,' + Buffer.from(svg).toString('base64');
}

export class TestWallet {
  /**
   * @param {object} options
   * @param {string} options.rpcUrl anvil's RPC URL
   * @param {string} options.chainIdHex anvil's chain id
   * @param {string} options.account the account the wallet connects with
   * @param {string} [options.startChainIdHex] the chain the wallet is on at first (default anvil's)
   * @param {boolean} [options.knowsChain] whether the wallet has anvil's chain configured (default true)
   */
  constructor(options) {
    this.rpcUrl = options.rpcUrl;
    this.chainIdHex = options.chainIdHex;
    this.account = options.account;
    this.current = options.startChainIdHex || options.chainIdHex;
    this.known = new Set([this.current, ...(options.knowsChain === false ? [] : [options.chainIdHex])]);
    this.rejectConnect = false;
    this.locked = false;
    this.refuseSwitch = false;
    this.rejectTransactions = false;
    this.batching = options.batching === true;
    this.sent = [];
    this.batches = new Map();
    this.requests = [];
    this.paused = new Map();
  }

  /** Holds every later request of {@code method} until {@link resume}; resolves when one is waiting. */
  pause(method) {
    let arrived;
    const waiting = new Promise((resolve) => { arrived = resolve; });
    let release;
    const gate = new Promise((resolve) => { release = resolve; });
    this.paused.set(method, { gate, release, arrived });
    return waiting;
  }

  resume(method) {
    const paused = this.paused.get(method);
    this.paused.delete(method);
    if (paused) {
      paused.release();
    }
  }

  async handle({ method, params }) {
    this.requests.push(method);
    const paused = this.paused.get(method);
    if (paused) {
      paused.arrived();
      await paused.gate;
    }
    try {
      return { result: await this.answer(method, params || []) };
    } catch (error) {
      return { error: { code: error.code ?? -32603, message: error.message } };
    }
  }

  async answer(method, params) {
    switch (method) {
      case 'eth_requestAccounts':
        if (this.rejectConnect) {
          throw walletError(REJECTED, 'User rejected the request.');
        }
        return this.locked ? [] : [this.account];
      case 'eth_accounts':
        return this.locked ? [] : [this.account];
      case 'eth_chainId':
        return this.current;
      case 'wallet_switchEthereumChain': {
        const wanted = params[0].chainId.toLowerCase();
        if (this.refuseSwitch) {
          throw walletError(REJECTED, 'User rejected the request.');
        }
        if (!this.known.has(wanted)) {
          throw walletError(UNKNOWN_CHAIN, `Unrecognized chain ID "${wanted}". Try adding the chain using wallet_addEthereumChain first.`);
        }
        this.current = wanted;
        return null;
      }
      case 'wallet_addEthereumChain': {
        const network = params[0];
        if (this.refuseSwitch) {
          throw walletError(REJECTED, 'User rejected the request.');
        }
        if (!network.rpcUrls || network.rpcUrls.length === 0 || !network.chainName || !network.nativeCurrency) {
          throw walletError(-32602, 'Invalid parameters: rpcUrls, chainName and nativeCurrency are required.');
        }
        // What a wallet does with the network it is told to add: ask that RPC URL which chain it is.
        const told = await this.rpc('eth_chainId', [], network.rpcUrls[0]);
        if (BigInt(told) !== BigInt(network.chainId)) {
          throw walletError(-32602, `The RPC URL answers chain ${told}, not ${network.chainId}.`);
        }
        this.known.add(network.chainId.toLowerCase());
        this.current = network.chainId.toLowerCase();
        return null;
      }
      case 'eth_sendTransaction': {
        if (this.rejectTransactions) {
          throw walletError(REJECTED, 'User denied transaction signature.');
        }
        if (this.current !== this.chainIdHex) {
          throw walletError(-32603, 'The wallet is on another chain.');
        }
        const tx = params[0];
        if (!tx.from || tx.from.toLowerCase() !== this.account.toLowerCase()) {
          throw walletError(-32602, `from ${tx.from} is not the connected account`);
        }
        const hash = await this.rpc('eth_sendTransaction', [tx]);
        this.sent.push({ to: tx.to, data: tx.data, hash });
        return hash;
      }
      case 'eth_signTypedData_v4':
        // anvil signs transactions for an impersonated account, but holds no key to sign typed data with.
        throw walletError(UNSUPPORTED, 'This wallet does not sign typed data.');
      case 'wallet_getCapabilities': {
        if (!this.batching) {
          throw walletError(UNSUPPORTED, 'The method wallet_getCapabilities is not supported.');
        }
        return { [this.chainIdHex]: { atomic: { status: 'supported' } } };
      }
      case 'wallet_sendCalls': {
        if (!this.batching) {
          throw walletError(UNSUPPORTED, 'The method wallet_sendCalls is not supported.');
        }
        return this.sendCalls(params[0]);
      }
      case 'wallet_getCallsStatus': {
        const hashes = this.batches.get(params[0]);
        if (!hashes) {
          throw walletError(5730, 'Unknown bundle id.');
        }
        const receipts = await Promise.all(hashes.map((hash) => this.rpc('eth_getTransactionReceipt', [hash])));
        const mined = receipts.every((receipt) => receipt && receipt.blockNumber);
        return { version: '2.0.0', id: params[0], chainId: this.chainIdHex, atomic: true, status: mined ? 200 : 100,
          receipts: mined ? receipts.map((r) => ({ logs: r.logs, status: r.status, blockHash: r.blockHash,
            blockNumber: r.blockNumber, gasUsed: r.gasUsed, transactionHash: r.transactionHash })) : undefined };
      }
      default:
        if (this.current !== this.chainIdHex) {
          throw walletError(-32603, 'The test wallet only reads the local chain.');
        }
        return this.rpc(method, params);
    }
  }

  /**
   * EIP-5792 wallet_sendCalls: the calls in order from the account, each with its gas given (a later call may need
   * an earlier one mined, which estimation would not see), sent back to back so they land together.
   */
  async sendCalls(request) {
    if (this.rejectTransactions) {
      throw walletError(REJECTED, 'User rejected the request.');
    }
    if (BigInt(request.chainId) !== BigInt(this.chainIdHex) || this.current !== this.chainIdHex) {
      throw walletError(5710, 'The wallet is not on the chain of the calls.');
    }
    if (!request.from || request.from.toLowerCase() !== this.account.toLowerCase()) {
      throw walletError(-32602, `from ${request.from} is not the connected account`);
    }
    const hashes = [];
    for (const call of request.calls) {
      const tx = { from: this.account, to: call.to, data: call.data, value: call.value || '0x0', gas: BATCH_CALL_GAS };
      const hash = await this.rpc('eth_sendTransaction', [tx]);
      hashes.push(hash);
      this.sent.push({ to: call.to, data: call.data, hash, batch: true });
    }
    // Any string names a batch (EIP-5792); the last call's hash is unique.
    const id = hashes[hashes.length - 1];
    this.batches.set(id, hashes);
    return { id };
  }

  async rpc(method, params, url = this.rpcUrl) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const answer = await response.json();
    if (answer.error) {
      throw walletError(answer.error.code ?? -32603, answer.error.message);
    }
    return answer.result;
  }
}

/**
 * A wallet with a real key (a 0x private key) and no ether: it signs typed data itself (viem) and refuses to send a
 * transaction, as a wallet that cannot pay the gas would. Everything else is a TestWallet's.
 */
export class SigningWallet extends TestWallet {
  constructor(options) {
    const key = privateKeyToAccount(options.privateKey);
    super({ ...options, account: key.address });
    this.key = key;
    this.signed = [];
  }

  async answer(method, params) {
    switch (method) {
      case 'eth_signTypedData_v4': {
        if (!params[0] || params[0].toLowerCase() !== this.account.toLowerCase()) {
          throw walletError(-32602, `${params[0]} is not the connected account`);
        }
        const typed = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1];
        if (typed.domain.chainId !== undefined && BigInt(typed.domain.chainId) !== BigInt(this.current)) {
          throw walletError(-32603, `The typed data is for chain ${typed.domain.chainId}, the wallet is on ${this.current}.`);
        }
        const types = { ...typed.types };
        delete types.EIP712Domain;
        const signature = await this.key.signTypedData({ domain: numbers(typed.types.EIP712Domain, typed.domain),
          types, primaryType: typed.primaryType, message: message(types, typed.primaryType, typed.message) });
        this.signed.push(typed.primaryType);
        return signature;
      }
      case 'eth_sendTransaction':
        // What a wallet says when the account holds no ether for the gas.
        throw walletError(-32000, 'insufficient funds for gas * price + value');
      default:
        return super.answer(method, params);
    }
  }
}

/** The message with every integer field as a BigInt (eth_signTypedData_v4 carries them as decimal strings). */
function message(types, primaryType, value) {
  const out = { ...value };
  for (const field of types[primaryType]) {
    if (/^u?int\d*$/.test(field.type)) {
      out[field.name] = BigInt(value[field.name]);
    } else if (types[field.type]) {
      out[field.name] = message(types, field.type, value[field.name]);
    }
  }
  return out;
}

function numbers(fields, domain) {
  return message({ EIP712Domain: fields || [] }, 'EIP712Domain', domain);
}

function walletError(code, message) {
  const error = new Error(message);
  error.code = code;
  return error;
}
