package io.abk.billing.usdt.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.UsdtPollTransfers;
import io.abk.billing.schemas.avro.VaultCanceled;
import io.abk.billing.usdt.domain.intent.IntentPolicy;
import io.abk.billing.usdt.domain.match.MatchPolicy;
import io.abk.billing.usdt.domain.match.TxStatus;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ChainTransferPollsTest {

    private static final long CHAIN_ID = 728126428;
    private static final String USDT = "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c";
    private static final String PAY_TO = "0x00000000000000000000000000000000000000aa";
    private static final Instant MINED = Instant.parse("2026-05-01T10:00:00Z");
    private static final Instant PUBLISHED = MINED.plusSeconds(60);
    private static final IntentTopology.Settings SETTINGS = new IntentTopology.Settings(
            new IntentPolicy(Duration.ofHours(1), new MatchPolicy(19, BigDecimal.ONE)),
            CHAIN_ID,
            new IntentTopology.ChainToken(USDT, 6));

    private static ChainTransfer.Builder transfer() {
        return ChainTransfer.newBuilder()
                .setChainId(CHAIN_ID)
                .setMode(Mode.LIVE)
                .setBlockNumber(70_000_000)
                .setBlockHash("0x" + "0b".repeat(32))
                .setBlockTimestamp(MINED)
                .setTxHash("0x" + "AB".repeat(32))
                .setLogIndex(4)
                .setContract(USDT.toUpperCase().replace("0X", "0x"))
                .setRetracted(false)
                .setPayload(TokenTransfer.newBuilder()
                        .setFrom("0x" + "0c".repeat(20))
                        .setTo(PAY_TO)
                        .setAmountBaseUnits("12500000")
                        .setDecimals(18)
                        .setSymbol("USDT")
                        .build());
    }

    @Test
    void shouldPollTheRecipientsBookWithWhatAPollWouldHaveReadWhenTheTransferIsTheVerifiersUsdt() {
        var poll =
                ChainTransferPolls.poll(transfer().build(), PUBLISHED, SETTINGS).orElseThrow();

        assertThat(poll.getPayToAddress()).isEqualTo(PAY_TO);
        assertThat(poll.getRequestedAt()).isEqualTo(PUBLISHED);
        assertThat(poll.getCommandId())
                .startsWith("cmd_")
                .isEqualTo(ChainTransferPolls.poll(transfer().build(), PUBLISHED.plusSeconds(9), SETTINGS)
                        .orElseThrow()
                        .getCommandId());
        var payload = (UsdtPollTransfers) poll.getPayload();
        assertThat(payload.getSandbox()).isFalse();
        assertThat(payload.getFromBlock()).isEqualTo(70_000_000).isEqualTo(payload.getToBlock());
        var observation = MatchRecords.observation(payload.getObservations().getFirst());
        assertThat(observation.txHash()).isEqualTo("0x" + "ab".repeat(32));
        assertThat(observation.status()).isEqualTo(TxStatus.MINED);
        assertThat(observation.blockTime()).isEqualTo(MINED);
        assertThat(observation.confirmations())
                .as("published confirmed: the verifier's depth")
                .isEqualTo(19);
        assertThat(observation.decimals())
                .as("the verifier's own decimals, not the record's label")
                .isEqualTo(6);
        assertThat(observation.transfers()).singleElement().satisfies(transfer -> {
            assertThat(transfer.logIndex()).isEqualTo(4);
            assertThat(transfer.toAddress()).isEqualTo(PAY_TO);
            assertThat(transfer.amountBaseUnits()).hasToString("12500000");
        });
    }

    static Stream<Arguments> notOurs() {
        return Stream.of(
                Arguments.of("a retraction", transfer().setRetracted(true).build(), SETTINGS),
                Arguments.of(
                        "another chain", transfer().setChainId(CHAIN_ID + 1).build(), SETTINGS),
                Arguments.of(
                        "another token",
                        transfer().setContract("0x" + "aa".repeat(20)).build(),
                        SETTINGS),
                Arguments.of(
                        "a vault event",
                        transfer()
                                .setContract(USDT)
                                .setPayload(new VaultCanceled("0x" + "01".repeat(32), PAY_TO))
                                .build(),
                        SETTINGS),
                Arguments.of(
                        "the sandbox", transfer().build(), new IntentTopology.Settings(SETTINGS.policy(), CHAIN_ID)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notOurs")
    void shouldPollNothingWhenTheLogIsNotTheVerifiersUsdtConfirmed(
            String name, ChainTransfer transfer, IntentTopology.Settings settings) {
        assertThat(ChainTransferPolls.poll(transfer, PUBLISHED, settings)).isEmpty();
    }
}
