package io.abk.billing.chain.relay;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.funding.FundingCheckDecider;
import io.abk.billing.chain.domain.funding.FundingOutcome;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.contracts.EvmHex;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.schemas.avro.ChainRequest;
import java.util.List;

/**
 * A funding check on the chain: the customer's token balance, allowance to the vault and the vault's subscription
 * of the renewal's mandate (the reference a charge uses, from the subscription id), read in one round trip at the
 * batch's head block so the three describe one state. Read-only: no transaction, no nonce, no key. A request that
 * names no usable wallet, or a chain without a vault, is answered unchecked with a sentence; an RPC failure is
 * answered unchecked by {@link ItemOutcomes#failure}.
 */
final class FundingReader {

    private final ChainSettings chain;
    private final RelayerRpc rpc;

    FundingReader(ChainSettings chain, RelayerRpc rpc) {
        this.chain = chain;
        this.rpc = rpc;
    }

    RelayOutcome read(ChainRequest request, ChainHead head) {
        var vaultAddress = chain.vaultAddress();
        if (vaultAddress == null) {
            return unchecked("No vault address is configured for " + chain.name());
        }
        var wallet = request.getWalletAddress();
        if (wallet == null || !EvmHex.isAddress(wallet)) {
            return unchecked("The subscription names no customer wallet to read");
        }
        var vault = new VaultReader(rpc, vaultAddress);
        var token = chain.usdcAddress();
        var block = head.number();
        var answers = vault.read(List.of(
                vault.balanceRead(token, wallet).at(block),
                vault.allowanceRead(token, wallet).at(block),
                vault.subscriptionRead(SubscriptionRef.of(request.getSubscriptionId()))
                        .at(block)));
        return new RelayOutcome.FundingRead(FundingCheckDecider.onChain(
                VaultReader.uint(answers.get(0)),
                VaultReader.uint(answers.get(1)),
                chain.usdcDecimals(),
                VaultReader.subscription(answers.get(2)).orElse(null),
                block));
    }

    private static RelayOutcome unchecked(String message) {
        return new RelayOutcome.FundingRead(new FundingOutcome.Unchecked(message));
    }
}
