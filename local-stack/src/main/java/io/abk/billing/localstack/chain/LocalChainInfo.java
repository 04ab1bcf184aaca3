package io.abk.billing.localstack.chain;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the banner shows of a running local chain. The keys are anvil's public test keys.
 *
 * @param payoutAddress  the demo merchant's payout account (anvil account 2)
 * @param customers      funded customer wallets (anvil accounts 3 to 9) with their public test keys
 * @param cast           the cast executable, when found or installed
 * @param deployedNow    true when the contracts were deployed by this start (first start, or the chain was gone)
 */
public record LocalChainInfo(
        String rpcUrl,
        long chainId,
        String tokenAddress,
        String vaultAddress,
        String relayerAddress,
        String payoutAddress,
        List<Account> customers,
        Optional<Path> cast,
        boolean deployedNow) {

    public LocalChainInfo {
        customers = List.copyOf(customers);
    }

    /** An anvil account: checksummed address and its public test key. */
    public record Account(String address, String privateKey) {}
}
