package io.abk.billing.chain.lease;

import static io.abk.billing.chain.lease.LeaseTopics.PATIENCE;
import static io.abk.billing.chain.lease.LeaseTopics.members;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.ChainIndexerApp;
import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.lease.LeaseTopics.Committed;
import io.abk.billing.chain.relay.Relayer;
import io.abk.billing.chain.relay.RelayerHarness;
import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.kafkatestkit.ChildJvm;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigInteger;
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
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.utils.Numeric;

/**
 * SIGTERM of the chain-indexer process whose relayer has a batch of 200 charges in flight: their transactions sent and
 * really pending, anvil mining a block a second that holds three of them (a congested chain). The protection against
 * a stop that waits minutes for receipts, and against a stop that loses or repeats a charge: the process exits within
 * 30 s, and the replica that takes the chain over finds the stopped relayer's transactions by the account's nonces,
 * waits until they are mined and answers every charge with the one transaction that moved its money, sending none of
 * its own. It prints the stop time and the recovery time.
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
    /** Charges a block holds while the chain is congested: 200 take over a minute of one-second blocks. */
    private static final int CHARGES_PER_BLOCK = 3;
    /**
     * A relayer that did not wait for the stopped one's transactions would send its own within a second of taking the
     * chain over (joining its group, one poll, the preflights); three seconds of none tell the two apart.
     */
    private static final Duration NEW_RELAYER_QUIET = Duration.ofSeconds(3);
    /** anvil's own block gas limit, given back once the stop is over. */
    private static final BigInteger BLOCK_GAS_LIMIT = BigInteger.valueOf(30_000_000);

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

                        // When 200 charges are relayed on a congested chain, their transactions sent and pending
                        var firstNonce = chain.nonce(LeasedChain.RELAYER, DefaultBlockParameterName.LATEST);
                        var charges = subscriptions.stream()
                                .map(RelayerSigtermIT::charge)
                                .toList();
                        congest(chain, charges.getFirst());
                        charges.forEach(charge -> requests.send(new ProducerRecord<>(
                                Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT), charge.getInvoiceId(), charge)));
                        requests.flush();
                        var allSent = firstNonce.add(BigInteger.valueOf(CHARGES));
                        await().atMost(PATIENCE)
                                .until(() -> chain.nonce(LeasedChain.RELAYER, DefaultBlockParameterName.PENDING)
                                        .equals(allSent));
                        assertThat(chain.nonce(LeasedChain.RELAYER, DefaultBlockParameterName.LATEST))
                                .as("most charges still pending")
                                .isLessThan(firstNonce.add(BigInteger.valueOf(CHARGES / 2)));
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
                        // and once the congestion is over, it answers every charge
                        node.rpc("anvil_setBlockGasLimit", Numeric.encodeQuantity(BLOCK_GAS_LIMIT));
                        await().atMost(PATIENCE)
                                .pollInterval(Duration.ofMillis(100))
                                .until(() -> answered(results).keySet().containsAll(requestIds(charges)));
                        var recoveryTime = since(stopping);
                        System.out.printf(
                                "relayer sigterm: exited %d ms after SIGTERM with %d charges in flight; the next"
                                        + " relayer answered all %d ms after SIGTERM (%d s of it kept congested"
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

    /**
     * A chain whose blocks, one a second, hold {@link #CHARGES_PER_BLOCK} charges like {@code charge} each, with a base
     * fee from zero (it then grows by a wei a block: the charges' fees stay above it however long they wait).
     */
    private static void congest(LeasedChain chain, ChainRequest charge) throws Exception {
        var call = SubscriptionVaultAbi.charge(
                SubscriptionRef.of(charge.getSubscriptionId()),
                BigInteger.valueOf(charge.getAmountMicros()),
                ChargeId.of(charge.getInvoiceId()));
        var estimate = chain.node
                .web3j()
                .ethEstimateGas(Transaction.createEthCallTransaction(
                        LeasedChain.RELAYER.getAddress(), chain.deployment.vaultAddress(), call))
                .send()
                .getAmountUsed();
        var gasLimit = FeePolicy.gasLimit(estimate);
        chain.node.rpc("anvil_setNextBlockBaseFeePerGas", Numeric.encodeQuantity(BigInteger.ZERO));
        chain.node.mine(1);
        chain.node.rpc(
                "anvil_setBlockGasLimit",
                Numeric.encodeQuantity(gasLimit.multiply(BigInteger.valueOf(CHARGES_PER_BLOCK))));
        chain.node.rpc("evm_setIntervalMining", 1);
    }

    private static Duration since(long nanos) {
        return Duration.ofNanos(System.nanoTime() - nanos);
    }
}
