package io.abk.billing.chain.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainRequests;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.funding.FundingOutcome;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.settlement.RelayedRequests.Kind;
import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.chainrpc.RpcUnavailableException;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Mode;
import java.lang.reflect.Proxy;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * A funding check in a relayer's batch when the chain does not give its figures: an RPC failure or a chain without a
 * vault is answered unchecked with a sentence (never a stop, never a dead letter), and a request without a wallet too.
 */
class FundingReaderTest {

    private static final ChainHead HEAD = new ChainHead(42, "0x" + "ab".repeat(32), 1_777_000_000L, BigInteger.ONE);
    private static final String VAULT = "0x00000000000000000000000000000000000000aa";

    @Test
    void shouldAnswerUncheckedWhenNoRpcUrlAnswers() {
        var outcome = check(
                ChainRequests.funding(Mode.TEST, null),
                VAULT,
                new RpcUnavailableException("anvil did not answer", null));

        assertThat(unchecked(outcome)).isEqualTo("The customer's wallet could not be read: anvil did not answer");
    }

    @Test
    void shouldAnswerUncheckedWhenTheNodeAnswersWithAnError() {
        var outcome = check(
                ChainRequests.funding(Mode.TEST, null),
                VAULT,
                new RpcErrorException("batch", -32005, "rate limited", null));

        assertThat(unchecked(outcome)).startsWith("The customer's wallet could not be read: anvil answered");
    }

    @Test
    void shouldAnswerUncheckedWithoutReadingWhenTheChainHasNoVault() {
        var outcome = check(ChainRequests.funding(Mode.TEST, null), null, new IllegalStateException("not read"));

        assertThat(unchecked(outcome)).isEqualTo("No vault address is configured for anvil");
    }

    @Test
    void shouldAnswerUncheckedWithoutReadingWhenTheRequestNamesNoWallet() {
        var request = ChainRequest.newBuilder(ChainRequests.funding(Mode.TEST, null))
                .setWalletAddress(null)
                .build();

        var outcome = check(request, VAULT, new IllegalStateException("not read"));

        assertThat(unchecked(outcome)).isEqualTo("The subscription names no customer wallet to read");
    }

    /** The outcome of {@code request} in a keyless relayer's batch whose reads throw {@code readFailure}. */
    private static RelayOutcome check(ChainRequest request, @Nullable String vault, RuntimeException readFailure) {
        var rpc = (RelayerRpc) Proxy.newProxyInstance(
                RelayerRpc.class.getClassLoader(), new Class<?>[] {RelayerRpc.class}, (proxy, method, args) -> {
                    return switch (method.getName()) {
                        case "head" -> HEAD;
                        case "close" -> null;
                        default -> throw readFailure;
                    };
                });
        try (var batch = new RelayBatch(chain(vault), rpc, null, ItemRelay.Executors.NONE, null)) {
            return batch.execute(List.of(new RelayBatch.Item(request, Kind.FUNDING)))
                    .getFirst();
        }
    }

    private static String unchecked(RelayOutcome outcome) {
        assertThat(outcome).isInstanceOf(RelayOutcome.FundingRead.class);
        var answer = ((RelayOutcome.FundingRead) outcome).answer();
        assertThat(answer).isInstanceOf(FundingOutcome.Unchecked.class);
        return ((FundingOutcome.Unchecked) answer).message();
    }

    private static ChainSettings chain(@Nullable String vault) {
        return new ChainSettings(
                io.abk.billing.schemas.mode.Mode.TEST,
                "anvil",
                31_337,
                List.of("http://127.0.0.1:8545"),
                1,
                "0x00000000000000000000000000000000000000bb",
                6,
                vault,
                null,
                ChainSettings.TEST_FEE_CAPS,
                null,
                Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                false,
                null,
                ChainSettings.DEFAULT_USDT_DECIMALS);
    }
}
