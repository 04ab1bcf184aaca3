package io.abk.billing.chain.relay;

import io.abk.billing.chain.relay.RelayerRpc.Answer;
import io.abk.billing.chain.relay.RelayerRpc.Read;
import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.contracts.ChargeRecord;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.OnChainSubscription;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.web3j.utils.Numeric;

/** The vault and token reads of the relayer, at the latest block, decoded with the contracts module's ABI. */
final class VaultReader {

    private final RelayerRpc rpc;
    private final String vault;

    VaultReader(RelayerRpc rpc, String vault) {
        this.rpc = rpc;
        this.vault = vault;
    }

    String vault() {
        return vault;
    }

    ChargeRecord chargeOf(String chargeId) {
        return chargeRecord(one(chargeOfRead(chargeId)));
    }

    /** The subscription, or empty when the vault has none with {@code ref}. */
    Optional<OnChainSubscription> subscription(String ref) {
        return subscription(one(subscriptionRead(ref)));
    }

    BigInteger balance(String token, String owner) {
        return uint(one(balanceRead(token, owner)));
    }

    BigInteger allowanceToVault(String token, String owner) {
        return uint(one(allowanceRead(token, owner)));
    }

    /** Runs {@code data} against the vault as {@code from} without sending it: empty if it would succeed. */
    Optional<VaultError> simulate(String from, String data) {
        return simulation(one(simulateRead(from, data)));
    }

    BigInteger estimate(String from, String data) {
        return rpc.estimateGas(from, vault, data);
    }

    /** Several of the reads below in one round trip, answered in order. */
    List<Answer> read(List<Read> reads) {
        return rpc.read(reads);
    }

    Read chargeOfRead(String chargeId) {
        return Read.call(null, vault, SubscriptionVaultAbi.chargeOf(chargeId));
    }

    Read subscriptionRead(String ref) {
        return Read.call(null, vault, SubscriptionVaultAbi.getSubscription(ref));
    }

    Read periodStartRead(String ref, long periodIndex) {
        return Read.call(null, vault, SubscriptionVaultAbi.periodStart(ref, periodIndex));
    }

    Read nonceUsedRead(String customer, String nonce) {
        return Read.call(null, vault, SubscriptionVaultAbi.nonceUsed(customer, nonce));
    }

    Read balanceRead(String token, String owner) {
        return Read.call(null, token, Erc20Abi.balanceOf(owner));
    }

    Read allowanceRead(String token, String owner) {
        return Read.call(null, token, Erc20Abi.allowance(owner, vault));
    }

    Read simulateRead(String from, String data) {
        return Read.call(from, vault, data);
    }

    Read estimateRead(String from, String data) {
        return Read.estimate(from, vault, data);
    }

    static ChargeRecord chargeRecord(Answer answer) {
        return SubscriptionVaultAbi.decodeChargeRecord(answer.orThrow());
    }

    static Optional<OnChainSubscription> subscription(Answer answer) {
        var reverted = answer.error();
        if (reverted == null) {
            return Optional.of(SubscriptionVaultAbi.decodeSubscription(answer.orThrow()));
        }
        if (SubscriptionVaultAbi.decodeError(reverted.revertData()) instanceof VaultError.UnknownSubscription) {
            return Optional.empty();
        }
        throw reverted;
    }

    static Instant timestamp(Answer answer) {
        return SubscriptionVaultAbi.decodeTimestamp(answer.orThrow());
    }

    static BigInteger uint(Answer answer) {
        return Erc20Abi.decodeUint256(answer.orThrow());
    }

    /** A simulation's answer: empty if the call would succeed, else the vault's reason. */
    static Optional<VaultError> simulation(Answer answer) {
        var reverted = answer.error();
        return reverted == null
                ? Optional.empty()
                : Optional.of(SubscriptionVaultAbi.decodeError(reverted.revertData()));
    }

    static BigInteger gas(Answer answer) {
        return Numeric.decodeQuantity(answer.orThrow());
    }

    /** One call on its own: a batch of one would cost the same round trip and a larger request. */
    private Answer one(Read read) {
        try {
            return new Answer(rpc.call(read.from(), read.to(), read.data()), null);
        } catch (RpcErrorException reverted) {
            return new Answer(null, reverted);
        }
    }

    /** The transaction of the {@code Charged} log with {@code chargeId}, in block {@code block}. */
    Optional<String> chargeTransaction(String chargeId, long block) {
        return firstLog(block, block, SubscriptionVaultAbi.CHARGED_TOPIC, null, chargeId);
    }

    /** The transaction of the {@code Refunded} log with {@code refundId}, searched over {@code [from, to]}. */
    Optional<String> refundTransaction(String refundId, long from, long to) {
        return firstLog(from, to, SubscriptionVaultAbi.REFUNDED_TOPIC, null, refundId);
    }

    /** The transaction of the {@code Subscribed} log of {@code ref}, searched over {@code [from, to]}. */
    Optional<String> subscribedTransaction(String ref, long from, long to) {
        return firstLog(from, to, SubscriptionVaultAbi.SUBSCRIBED_TOPIC, ref);
    }

    private Optional<String> firstLog(long from, long to, @Nullable String... topics) {
        return rpc.logs(vault, Arrays.asList(topics), from, to).stream()
                .filter(log -> log.address().equalsIgnoreCase(vault))
                .map(RelayerRpc.ChainLog::txHash)
                .findFirst();
    }
}
