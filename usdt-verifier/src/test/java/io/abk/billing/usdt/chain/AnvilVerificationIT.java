package io.abk.billing.usdt.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.usdt.ExpectedOutcomes;
import io.abk.billing.usdt.TestVerifier;
import io.abk.billing.usdt.TestVerifier.Answer;
import io.abk.billing.usdt.address.PayToAddress;
import io.abk.billing.usdt.domain.match.MatchStrategy;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.web3j.crypto.Credentials;

/**
 * Verification against a real chain: anvil with a 6-decimal token deployed by the test, a transaction made for each
 * outcome, and the verifier reading them through JSON-RPC with a confirmation depth of 3.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AnvilVerificationIT {

    private static final int DEPTH = 3;
    private static final BigInteger USDT = BigInteger.valueOf(1_000_000);
    private static final String PAY_TO = "0x00000000000000000000000000000000000000aa";
    private static final String OTHER = "0x00000000000000000000000000000000000000bb";
    private static final Credentials DEPLOYER = AnvilAccounts.get(0);
    private static final Credentials PAYER = AnvilAccounts.get(1);

    @TempDir
    static Path dir;

    private AnvilNode node;
    private AnvilToken token;
    private TestVerifier verifier;
    private final Map<SandboxScenario, String> txOf = new EnumMap<>(SandboxScenario.class);

    @BeforeAll
    void start() throws Exception {
        node = AnvilNode.start();
        token = AnvilToken.deploy(node, DEPLOYER);
        token.mint(PAYER, PAYER.getAddress(), USDT.multiply(BigInteger.valueOf(1_000_000)));
        txOf.put(SandboxScenario.CONFIRMED, token.transfer(PAYER, PAY_TO, usdt(20)));
        txOf.put(SandboxScenario.UNDERPAID, token.transfer(PAYER, PAY_TO, usdt(10)));
        txOf.put(SandboxScenario.OVERPAID, token.transfer(PAYER, PAY_TO, usdt(30)));
        txOf.put(SandboxScenario.WRONG_RECIPIENT, token.transfer(PAYER, OTHER, usdt(20)));
        txOf.put(SandboxScenario.NOT_FOUND, "0x" + "42".repeat(32));
        txOf.put(SandboxScenario.REVERTED, token.revertedTransfer(PAYER, PAY_TO, USDT.pow(5)));
        node.mine(DEPTH);
        verifier = TestVerifier.start(
                dir,
                Map.of(
                        "BILLING_USDT_RPC_URLS", node.rpcUrl(),
                        "BILLING_USDT_CHAIN_ID", Long.toString(node.chainId()),
                        "BILLING_USDT_TOKEN_ADDRESS", token.address(),
                        "BILLING_USDT_CONFIRMATIONS", Integer.toString(DEPTH),
                        "BILLING_USDT_POLL_BLOCKS", "50"));
    }

    @AfterAll
    void stop() {
        if (verifier != null) {
            verifier.close();
        }
        node.close();
    }

    private static BigInteger usdt(long whole) {
        return USDT.multiply(BigInteger.valueOf(whole));
    }

    private static String terms(String amount, String payTo, MatchStrategy strategy) {
        return "\"merchantRef\":\"order-7\",\"amountUsdt\":" + amount + ",\"payToAddress\":\"" + payTo
                + "\",\"matchStrategy\":\"" + strategy.wire() + "\"";
    }

    /** The scenario's transaction; a pending one is sent now, so that nothing is mined on top of it. */
    private String tx(SandboxScenario scenario) {
        return scenario == SandboxScenario.PENDING_CONFIRMATIONS
                ? token.transfer(PAYER, PAY_TO, usdt(20))
                : txOf.get(scenario);
    }

    private Answer verify(String amount, MatchStrategy strategy, String txHash) {
        return verifier.post(
                "/v1/payments/verify", "{" + terms(amount, PAY_TO, strategy) + ",\"txHash\":\"" + txHash + "\"}");
    }

    static Stream<Arguments> outcomesByStrategy() {
        return Stream.of(SandboxScenario.values())
                .flatMap(scenario ->
                        Stream.of(MatchStrategy.values()).map(strategy -> Arguments.of(scenario, strategy)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("outcomesByStrategy")
    void shouldReportTheOutcomeWhenVerifyingATransactionOnTheChain(SandboxScenario scenario, MatchStrategy strategy) {
        var answer = verify("20", strategy, tx(scenario));

        var expected = ExpectedOutcomes.of(scenario, strategy);
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        var body = answer.body();
        assertThat(body.get("outcome").asString()).as(body.toString()).isEqualTo(expected.outcome());
        assertThat(body.get("ok").asBoolean()).isEqualTo(expected.ok());
        assertThat(body.get("code").isNull() ? null : body.get("code").asString())
                .isEqualTo(expected.code());
        assertThat(body.get("requiredConfirmations").asInt()).isEqualTo(DEPTH);
    }

    @Test
    void shouldReadAmountsAndSenderExactlyWhenTheTransactionPays() {
        var body = verify("20", MatchStrategy.EXACT, txOf.get(SandboxScenario.OVERPAID))
                .body();

        assertThat(body.get("receivedUsdt").toString()).isEqualTo("30");
        assertThat(body.get("expectedUsdt").toString()).isEqualTo("20");
        assertThat(body.get("fromAddress").asString())
                .isEqualTo(PAYER.getAddress().toLowerCase(Locale.ROOT));
        assertThat(body.get("confirmations").asLong()).isGreaterThanOrEqualTo(DEPTH);
        var pending = verify("20", MatchStrategy.EXACT, tx(SandboxScenario.PENDING_CONFIRMATIONS))
                .body();
        assertThat(pending.get("confirmations").asLong()).isEqualTo(1);
    }

    @Test
    void shouldAcceptWithinTheTolerancePercentageWhenThePaymentIsCloseEnough() {
        var tx = token.transfer(PAYER, PAY_TO, BigInteger.valueOf(20_150_000));
        node.mine(DEPTH);

        var tolerance = verify("20", MatchStrategy.TOLERANCE, tx).body();
        var exact = verify("20", MatchStrategy.EXACT, tx).body();

        assertThat(tolerance.get("ok").asBoolean()).isTrue();
        assertThat(tolerance.get("outcome").asString()).isEqualTo("overpaid");
        assertThat(tolerance.get("receivedUsdt").toString()).isEqualTo("20.15");
        assertThat(exact.get("code").asString()).isEqualTo("amount_too_high");
    }

    @Test
    void shouldConfirmTheIntentOnceWhenItsTransactionIsOnTheChain() {
        var tx = token.transfer(PAYER, PAY_TO, usdt(12));
        node.mine(DEPTH);
        var created = verifier.post(
                "/v1/intents", "{" + terms("12", PayToAddress.toTronBase58(PAY_TO), MatchStrategy.EXACT) + "}");
        var intentId = created.body().get("intent").get("id").asString();

        var first = verifier.post(
                "/v1/payments/confirm",
                "{\"intentId\":\"" + intentId + "\",\"txHash\":\""
                        + tx.toUpperCase(Locale.ROOT).replace("0X", "0x") + "\"}");
        var again =
                verifier.post("/v1/payments/confirm", "{\"intentId\":\"" + intentId + "\",\"txHash\":\"" + tx + "\"}");

        assertThat(first.status()).as(first.body().toString()).isEqualTo(200);
        var transaction = first.body().get("event").get("data").get("transaction");
        assertThat(transaction.get("txHash").asString()).isEqualTo(tx);
        assertThat(transaction.get("chainId").asLong()).isEqualTo(node.chainId());
        assertThat(transaction.get("fromAddress").asString())
                .isEqualTo(PAYER.getAddress().toLowerCase(Locale.ROOT));
        assertThat(transaction.get("blockNumber").asLong()).isPositive();
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(verifier.events().stream().map(UsdtEvent::getIntentId).filter(intentId::equals))
                .hasSize(1);
    }

    @Test
    void shouldRefuseTheConfirmWhenTheTransactionIsNotDeepEnoughYet() {
        var tx = token.transfer(PAYER, PAY_TO, usdt(4));
        var created = verifier.post("/v1/intents", "{" + terms("4", PAY_TO, MatchStrategy.EXACT) + "}");
        var intentId = created.body().get("intent").get("id").asString();
        var confirm = "{\"intentId\":\"" + intentId + "\",\"txHash\":\"" + tx + "\"}";

        var early = verifier.post("/v1/payments/confirm", confirm);
        node.mine(DEPTH);
        var later = verifier.post("/v1/payments/confirm", confirm);

        assertThat(early.status()).isEqualTo(400);
        assertThat(early.code()).isEqualTo("pending_confirmations");
        assertThat(early.body().get("outcome").asString()).isEqualTo("pending_confirmations");
        assertThat(later.status()).isEqualTo(200);
    }

    @Test
    void shouldConfirmTheOpenIntentsThatRecentTransfersPayWhenPolled() {
        var payTo = "0x00000000000000000000000000000000000000f2";
        var five = verifier.post("/v1/intents", "{" + terms("5", payTo, MatchStrategy.EXACT) + "}")
                .body()
                .get("intent")
                .get("id")
                .asString();
        var seven = verifier.post(
                        "/v1/intents",
                        "{" + terms("7", PayToAddress.toTronBase58(payTo), MatchStrategy.MINIMUM_AMOUNT) + "}")
                .body()
                .get("intent")
                .get("id")
                .asString();
        var nine = verifier.post("/v1/intents", "{" + terms("9", payTo, MatchStrategy.EXACT) + "}")
                .body()
                .get("intent")
                .get("id")
                .asString();
        token.transfer(PAYER, payTo, usdt(7));
        token.transfer(PAYER, payTo, usdt(5));
        node.mine(DEPTH);
        token.transfer(PAYER, payTo, usdt(9));

        var poll = "{\"payToAddress\":\"" + payTo + "\",\"lookbackBlocks\":20}";
        var first = verifier.post("/v1/payments/poll", poll);
        node.mine(DEPTH);
        var second = verifier.post("/v1/payments/poll", poll);
        var third = verifier.post("/v1/payments/poll", poll);

        assertThat(first.status()).as(first.body().toString()).isEqualTo(200);
        assertThat(first.body().get("transactions").asInt()).isEqualTo(3);
        assertThat(first.body()
                        .get("confirmed")
                        .valueStream()
                        .map(c -> c.get("intent").get("id").asString()))
                .containsExactlyInAnyOrder(five, seven);
        assertThat(second.body()
                        .get("confirmed")
                        .valueStream()
                        .map(c -> c.get("intent").get("id").asString()))
                .containsExactly(nine);
        assertThat(third.body().get("confirmed")).isEmpty();
    }

    @Test
    void shouldMeasureVerifyLatencyWhenVerifyingAgainstAnvil() {
        // A measurement for the record, not an assertion on speed: the p50 and p99 of 200 verifies over HTTP (two
        // round trips to anvil each: a batch of receipt, transaction and head, then the block), and of the chain
        // reads alone.
        var tx = txOf.get(SandboxScenario.CONFIRMED);
        var overHttp = measure(
                () -> assertThat(verify("20", MatchStrategy.EXACT, tx).status()).isEqualTo(200));
        try (var rpc = new RpcTransactions(
                java.util.List.of(node.rpcUrl()), "unused", "", java.time.Duration.ofSeconds(10), token.address(), 6)) {
            var reads = measure(() ->
                    assertThat(rpc.observe(tx).status()).isEqualTo(io.abk.billing.usdt.domain.match.TxStatus.MINED));
            System.out.printf(
                    Locale.ROOT,
                    "usdt-verifier verify latency over 200 verifies against anvil: HTTP p50=%.2f"
                            + " ms p99=%.2f ms max=%.2f ms; chain reads alone p50=%.2f ms p99=%.2f ms%n",
                    overHttp.getValueAtPercentile(50) / 1000.0,
                    overHttp.getValueAtPercentile(99) / 1000.0,
                    overHttp.getMaxValue() / 1000.0,
                    reads.getValueAtPercentile(50) / 1000.0,
                    reads.getValueAtPercentile(99) / 1000.0);
        }
    }

    /** 20 warm-up runs, then the microseconds of 200. */
    private static Histogram measure(Runnable run) {
        for (int i = 0; i < 20; i++) {
            run.run();
        }
        var histogram = new Histogram(TimeUnit.SECONDS.toMicros(10), 3);
        for (int i = 0; i < 200; i++) {
            long start = System.nanoTime();
            run.run();
            histogram.recordValue(TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start));
        }
        return histogram;
    }
}
