package io.abk.billing.chain.lease;

import static io.abk.billing.chain.lease.LeaseTopics.PATIENCE;
import static io.abk.billing.chain.lease.LeaseTopics.members;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.ChainIndexerApp;
import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.lease.LeaseTopics.Committed;
import io.abk.billing.chain.relay.Relayer;
import io.abk.billing.chain.relay.RelayerHarness;
import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.kafkatestkit.ChildJvm;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.Log;

/**
 * SIGTERM of the chain-indexer process whose relayer has 200 charges in flight: their transactions (batches of up to
 * 100, or a lone charge) sent and really pending, the chain mining no block meanwhile (a congested chain). The
 * protection against a stop that waits minutes for receipts, and against a stop that loses or repeats a charge: the
 * process exits within 30 s, and the replica that takes the chain over finds the stopped relayer's transactions by the
 * account's nonces, waits until they are mined and answers every charge with the one transaction that moved its money,
 * sending none of its own. It prints the stop time and the recovery time.
 */
class RelayerSigtermIT {

    private static final int CHARGES = 200;
    private static final long ONE_USDC = 1_000_000L;
    /** The bound for a stop, whatever is in flight. */
    private static final Duration STOP_LIMIT = Duration.ofSeconds(30);
    /** The broker's minimum; a clean stop leaves the group at once anyway. */
    private static final Duration SESSION = Duration.ofSeconds(6);
    /** The production default: a stop that waited for stuck receipts would wait minutes. */
    private static final String RECEIPT_TIMEOUT_MS = "120000";
    /**
     * A relayer that did not wait for the stopped one's transactions would send its own within a second of taking the
     * chain over (joining its group, one poll, the preflights); three seconds of none tell the two apart.
     */
    private static final Duration NEW_RELAYER_QUIET = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    @Test
    void shouldExitWithinThirtySecondsDuringABatchAndHaveTheNextRelayerAnswerEachChargeWithItsOneTransaction()
            throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"));
                var chain = new LeasedChain()) {
            LeaseTopics.create(broker, 1);
            var node = chain.node;
            var subscriptions = chain.subscribeAll(CHARGES, ONE_USDC);
            var paidBefore = chain.balance(LeasedChain.MERCHANT.getAddress());
            try (var results = new Committed<>(broker, Topics.CHAIN_RESULTS);
                    var requests = RelayerHarness.requests(broker);
                    var admin = broker.admin()) {
                // Given chain-indexer in a child JVM holding the chain's lease, and a second replica here standing by
                var child =
                        ChildJvm.start(ChainIndexerApp.class, env(chain, broker, "child"), dir.resolve("child.log"));
                try {
                    var config = ChainIndexerSettings.fromEnv(env(chain, broker, "second"));
                    var relayers = Relayer.groupId(config.applicationId(), config.testChain());
                    await().atMost(PATIENCE).until(() -> members(admin, relayers) == 1);
                    try (var second = ChainLeases.start(config).orElseThrow()) {
                        await().atMost(PATIENCE)
                                .until(() -> members(admin, LeaseGroup.groupId(config.applicationId())) == 2);
                        assertThat(second.activeChains()).isEmpty();

                        // When 200 charges are relayed on a chain that mines nothing, their transactions sent
                        var firstNonce = chain.nonce(LeasedChain.RELAYER, DefaultBlockParameterName.LATEST);
                        var charges = subscriptions.stream()
                                .map(RelayerSigtermIT::charge)
                                .toList();
                        halt(chain);
                        charges.forEach(charge -> requests.send(new ProducerRecord<>(
                                Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT), charge.getInvoiceId(), charge)));
                        requests.flush();
                        await().atMost(PATIENCE).until(() -> chargesSent(dir.resolve("child.log")) == CHARGES);
                        var allSent = chain.nonce(LeasedChain.RELAYER, DefaultBlockParameterName.PENDING);
                        assertThat(allSent).as("transactions sent").isGreaterThan(firstNonce);
                        assertThat(chain.nonce(LeasedChain.RELAYER, DefaultBlockParameterName.LATEST))
                                .as("every charge still pending")
                                .isEqualTo(firstNonce);
                        // and the process is asked to stop (SIGTERM)
                        long stopping = System.nanoTime();
                        child.destroy();
                        boolean exited = child.waitFor(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
                        var stopTime = since(stopping);

                        // Then it exits within 30 s, having shut down (status 143: SIGTERM, not a kill)
                        assertThat(exited)
                                .as("chain-indexer still running %d s after SIGTERM", STOP_LIMIT.toSeconds())
                                .isTrue();
                        assertThat(child.exitValue()).isEqualTo(143);
                        // and the second replica, which took the chain over, sends nothing while they are pending
                        await().atMost(PATIENCE)
                                .until(() -> second.activeChains().equals(Set.of(node.chainId())));
                        await("no transaction of the new relayer while the stopped one's are pending")
                                .during(NEW_RELAYER_QUIET)
                                .atMost(NEW_RELAYER_QUIET.plusSeconds(5))
                                .until(() -> chain.nonce(LeasedChain.RELAYER, DefaultBlockParameterName.PENDING)
                                        .equals(allSent));
                        // and once the chain mines again, it answers every charge
                        node.rpc("evm_setIntervalMining", 1);
                        await().atMost(PATIENCE)
                                .pollInterval(Duration.ofMillis(100))
                                .until(() -> answered(results).keySet().containsAll(requestIds(charges)));
                        var recoveryTime = since(stopping);
                        System.out.printf(
                                "relayer sigterm: exited %d ms after SIGTERM with %d charges in flight; the next"
                                        + " relayer answered all %d ms after SIGTERM (%d s of it with no block"
                                        + " on purpose)%n",
                                stopTime.toMillis(), CHARGES, recoveryTime.toMillis(), NEW_RELAYER_QUIET.toSeconds());

                        // each with the one transaction that moved its money, once
                        var chargedBy = chargedBy(chain);
                        var answers = answered(results);
                        for (var charge : charges) {
                            var chargeId = ChargeId.of(charge.getInvoiceId());
                            assertThat(chargedBy.getOrDefault(chargeId, List.of()))
                                    .as(
                                            "Charged logs of %s, answered %s",
                                            charge.getInvoiceId(), answers.get(charge.getRequestId()))
                                    .hasSize(1);
                            assertThat(answers.get(charge.getRequestId()))
                                    .as("every answer to %s", charge.getRequestId())
                                    .containsOnly(chargedBy.get(chargeId).getFirst());
                        }
                        assertThat(chain.balance(LeasedChain.MERCHANT.getAddress())
                                        .subtract(paidBefore))
                                .isEqualTo(BigInteger.valueOf(CHARGES * ONE_USDC));
                        // and the new relayer sent no transaction of its own: the stopped one's answered them all
                        assertThat(chain.nonce(LeasedChain.RELAYER, DefaultBlockParameterName.PENDING))
                                .isEqualTo(allSent);
                    }
                } finally {
                    child.destroyForcibly();
                }
            }
        }
    }

    /** A replica's settings: its own state directory, the production receipt timeout. */
    private Map<String, String> env(LeasedChain chain, TestBroker broker, String name) {
        var env = chain.env(broker, dir.resolve(name), SESSION);
        env.put("BILLING_CHAINS_TEST_RECEIPT_TIMEOUT_MS", RECEIPT_TIMEOUT_MS);
        return env;
    }

    private static ChainRequest charge(String subscriptionId) {
        return RelayerHarness.charge(
                subscriptionId,
                "inv_" + UUID.randomUUID(),
                ONE_USDC,
                Instant.now().truncatedTo(ChronoUnit.MILLIS),
                LeasedChain.CUSTOMER.getAddress(),
                LeasedChain.MERCHANT.getAddress());
    }

    private static List<String> requestIds(List<ChainRequest> charges) {
        return charges.stream().map(ChainRequest::getRequestId).toList();
    }

    /** Every transaction hash each request was answered with (a failure counts as "not executed"). */
    private static Map<String, List<String>> answered(Committed<ChainResult> results) {
        return results.read().stream()
                .map(ConsumerRecord::value)
                .collect(Collectors.groupingBy(
                        result -> result.getRequest().getRequestId(),
                        Collectors.mapping(
                                result -> result.getOutcome() instanceof Executed executed
                                        ? executed.getTxHash()
                                        : "not executed: " + result.getOutcome(),
                                Collectors.toList())));
    }

    /** The transactions of the vault's {@code Charged} logs on the chain, by charge id. */
    private static Map<String, List<String>> chargedBy(LeasedChain chain) throws Exception {
        var filter = new EthFilter(
                DefaultBlockParameter.valueOf(BigInteger.ZERO),
                DefaultBlockParameterName.LATEST,
                chain.deployment.vaultAddress());
        filter.addSingleTopic(SubscriptionVaultAbi.CHARGED_TOPIC);
        var byChargeId = new HashMap<String, List<String>>();
        for (EthLog.LogResult<?> entry :
                chain.node.web3j().ethGetLogs(filter).send().getLogs()) {
            var log = (Log) entry.get();
            byChargeId
                    .computeIfAbsent(log.getTopics().get(2), id -> new ArrayList<>())
                    .add(log.getTransactionHash().toLowerCase(Locale.ROOT));
        }
        return byChargeId;
    }

    /** A chain that mines no block until told to: what the relayer sends stays pending. */
    private static void halt(LeasedChain chain) {
        chain.node.rpc("evm_setIntervalMining", 0);
        chain.node.setAutomine(false);
    }

    /** How many charges the child's relayer has sent, alone or in batches, by its log. */
    private static int chargesSent(Path log) throws Exception {
        if (!Files.exists(log)) {
            return 0;
        }
        int sent = 0;
        for (var line : Files.readAllLines(log)) {
            if (line.contains("event=charge_sent ")) {
                sent++;
            }
            var batch = BATCH_SENT.matcher(line);
            if (batch.find()) {
                sent += Integer.parseInt(batch.group(1));
            }
        }
        return sent;
    }

    private static final Pattern BATCH_SENT = Pattern.compile("event=charge_batch_sent .*charges=(\\d+)");

    private static Duration since(long nanos) {
        return Duration.ofNanos(System.nanoTime() - nanos);
    }
}
