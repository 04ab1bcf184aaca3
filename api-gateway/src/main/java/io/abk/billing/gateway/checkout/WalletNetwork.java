package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.config.ChainsProperties.Chain;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a wallet needs to add and follow the mode's chain ({@code wallet_addEthereumChain}, EIP-3085), as checkout
 * JSON fields: the chain id in hex, the public RPC URLs (never the private {@code rpc-url}), the block explorer, the
 * native currency, and the confirmations checkout waits for.
 */
final class WalletNetwork {

    private WalletNetwork() {}

    static void put(Map<String, @Nullable Object> json, Chain chain) {
        json.put("chainIdHex", "0x" + Long.toHexString(chain.chainId()));
        json.put("rpcUrls", chain.publicRpcUrls());
        json.put("blockExplorerUrls", chain.explorerUrl() == null ? List.of() : List.of(chain.explorerUrl()));
        json.put("nativeCurrency", ether());
        json.put("confirmations", chain.confirmations());
    }

    /** Every chain the vault is deployed on (Base, Base Sepolia, a local anvil) pays gas in ether. */
    private static Map<String, Object> ether() {
        var currency = new LinkedHashMap<String, Object>();
        currency.put("name", "Ether");
        currency.put("symbol", "ETH");
        currency.put("decimals", 18);
        return currency;
    }

    static WalletCalls.Contracts contracts(Chain chain) {
        return new WalletCalls.Contracts(chain.usdcAddress(), chain.usdcDecimals(), chain.vaultAddress());
    }
}
