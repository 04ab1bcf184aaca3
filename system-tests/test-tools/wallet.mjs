// A browser wallet for tests: the page sees window.ethereum (EIP-1193), every request goes out of the page to this
// object in Node (Playwright's exposeBinding), which answers wallet methods itself and forwards chain methods to
// anvil. anvil signs eth_sendTransaction for the account (the test impersonates it), so nothing here holds a key.
// A test makes the wallet misbehave as real ones do: reject (4001), stay locked, sit on another chain, not know the
// page's chain (4902), refuse to switch, or hold a request until the test lets it go (to photograph a state).

export const REJECTED = 4001;
export const UNKNOWN_CHAIN = 4902;

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
    this.sent = [];
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
      default:
        if (this.current !== this.chainIdHex) {
          throw walletError(-32603, 'The test wallet only reads the local chain.');
        }
        return this.rpc(method, params);
    }
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

function walletError(code, message) {
  const error = new Error(message);
  error.code = code;
  return error;
}
