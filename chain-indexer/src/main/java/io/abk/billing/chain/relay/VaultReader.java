package io.abk.billing.chain.relay;

import io.abk.billing.contracts.ChargeRecord;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.OnChainSubscription;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

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
        return SubscriptionVaultAbi.decodeChargeRecord(rpc.call(null, vault, SubscriptionVaultAbi.chargeOf(chargeId)));
    }

    /** The subscription, or empty when the vault has none with {@code ref}. */
    Optional<OnChainSubscription> subscription(String ref) {
        try {
            return Optional.of(SubscriptionVaultAbi.decodeSubscription(
                    rpc.call(null, vault, SubscriptionVaultAbi.getSubscription(ref))));
        } catch (RpcErrorException reverted) {
            if (SubscriptionVaultAbi.decodeError(reverted.revertData()) instanceof VaultError.UnknownSubscription) {
                return Optional.empty();
            }
            throw reverted;
        }
    }

    Instant periodStart(String ref, long periodIndex) {
        return SubscriptionVaultAbi.decodeTimestamp(rpc.call(null, vault,
                SubscriptionVaultAbi.periodStart(ref, periodIndex)));
    }

    BigInteger balance(String token, String owner) {
        return Erc20Abi.decodeUint256(rpc.call(null, token, Erc20Abi.balanceOf(owner)));
    }

    BigInteger allowanceToVault(String token, String owner) {
        return Erc20Abi.decodeUint256(rpc.call(null, token, Erc20Abi.allowance(owner, vault)));
    }

    /** Runs {@code data} against the vault as {@code from} without sending it: empty if it would succeed. */
    Optional<VaultError> simulate(String from, String data) {
        try {
            rpc.call(from, vault, data);
            return Optional.empty();
        } catch (RpcErrorException reverted) {
            return Optional.of(SubscriptionVaultAbi.decodeError(reverted.revertData()));
        }
    }

    BigInteger estimate(String from, String data) {
        return rpc.estimateGas(from, vault, data);
    }

    /** The transaction of the {@code Charged} log with {@code chargeId}, in block {@code block}. */
    Optional<String> chargeTransaction(String chargeId, long block) {
        return firstLog(block, block, SubscriptionVaultAbi.CHARGED_TOPIC, null, chargeId);
    }

    /** The transaction of the {@code Refunded} log with {@code refundId}, searched over {@code [from, to]}. */
    Optional<String> refundTransaction(String refundId, long from, long to) {
        return firstLog(from, to, SubscriptionVaultAbi.REFUNDED_TOPIC, null, refundId);
    }

    private Optional<String> firstLog(long from, long to, @Nullable String... topics) {
        return rpc.logs(vault, Arrays.asList(topics), from, to).stream()
                .filter(log -> log.address().equalsIgnoreCase(vault))
                .map(RelayerRpc.ChainLog::txHash).findFirst();
    }
}
