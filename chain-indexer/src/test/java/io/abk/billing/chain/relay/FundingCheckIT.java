package io.abk.billing.chain.relay;

import static io.abk.billing.chain.relay.RelayerHarness.PARTITIONS;
import static io.abk.billing.chain.relay.RelayerHarness.PATIENCE;
import static io.abk.billing.chain.relay.RelayerHarness.TEN_USDC;
import static io.abk.billing.chain.relay.RelayerHarness.now;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.FundingCheckRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SettleFundingCheck;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relayer answering funding checks against a real anvil: wallets with a known balance and allowance, one with a
 * signed mandate of twelve periods, the answers read back from the subscription's command topic as billing-streams
 * reads them, and no transaction sent for them.
 */
class FundingCheckIT {

    /** 123.456789 USDC: every micro-unit must come back as it is. */
    private static final long BALANCE = 123_456_789L;

    private static final long ALLOWANCE = 25_000_001L;

    @TempDir
    static Path dir;

    private static RelayerHarness chain;
    private static KafkaConsumer<String, SubscriptionCommand> commands;

    @BeforeAll
    static void startChainAndBroker() throws Exception {
        chain = new RelayerHarness(dir);
        var topic = Topics.SUBSCRIPTION_COMMANDS;
        chain.broker.createTopics(
                List.of(new NewTopic(topic.name(Deployment.DEFAULT), PARTITIONS, (short) 1).configs(topic.configs())));
        commands = ReadCommitted.fromStart(
                chain.broker,
                topic.name(Deployment.DEFAULT),
                PARTITIONS,
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    @AfterAll
    static void stop() {
        if (commands != null) {
            commands.close();
        }
        if (chain != null) {
            chain.close();
        }
    }

    @Test
    void shouldAnswerTheWalletsBalanceAndAllowanceExactlyAtOneBlockWithoutSending() throws Exception {
        var wallet = AnvilAccounts.get(8);
        chain.mint(wallet.getAddress(), BALANCE);
        chain.approve(wallet, ALLOWANCE);
        var subscribed = chain.subscribe(wallet, TEN_USDC);
        var relayer = chain.startRelayer(chain.chain());
        try {
            // A signed mandate of twelve periods, its first charged with it: eleven left.
            var signer = new SignedRequests(chain).newWalletWithoutEth();
            var signedSubscription = "sub_" + UUID.randomUUID();
            var mandate = new SignedRequests(chain).mandate(signedSubscription, "inv_" + UUID.randomUUID(), signer);
            chain.send(mandate);
            assertThat(chain.result(mandate.getRequestId()).getOutcome()).isInstanceOf(Executed.class);
            var headBefore = chain.node.blockNumber();
            var known = funding(subscribed, wallet.getAddress());
            // The harness's customer approved the vault for an unlimited amount (2^256 - 1).
            var unlimited = funding("sub_" + UUID.randomUUID(), chain.customer.getAddress());
            var signed = funding(signedSubscription, signer.getAddress());

            chain.send(known);
            chain.send(unlimited);
            chain.send(signed);
            var answers = answers(List.of(known, unlimited, signed));

            var first = answers.get(known.getRequestId());
            assertThat(first.getKey()).isEqualTo(subscribed);
            assertThat(first.getValue().getCommandId()).isEqualTo(known.getResultCommandId());
            assertThat(first.getValue().getRequestedAt()).isEqualTo(known.getRequestedAt());
            var read = (SettleFundingCheck) first.getValue().getPayload();
            assertThat(read.getChecked()).isTrue();
            assertThat(read.getBalanceMicros()).isEqualTo(BALANCE);
            assertThat(read.getAllowanceMicros()).isEqualTo(ALLOWANCE);
            // A vault subscription without a signed number of periods has no limit to count down.
            assertThat(read.getChargesLeft()).isNull();
            assertThat(read.getBlockNumber()).isEqualTo(headBefore);
            assertThat(read.getFailureMessage()).isNull();

            var other = (SettleFundingCheck)
                    answers.get(unlimited.getRequestId()).getValue().getPayload();
            assertThat(other.getChecked()).isTrue();
            assertThat(other.getBalanceMicros()).isEqualTo(RelayerHarness.FUNDS.longValueExact());
            assertThat(other.getAllowanceMicros()).isEqualTo(Long.MAX_VALUE);
            assertThat(other.getChargesLeft()).isNull();

            var mandated = (SettleFundingCheck)
                    answers.get(signed.getRequestId()).getValue().getPayload();
            assertThat(mandated.getChargesLeft()).isEqualTo(11L);
            assertThat(mandated.getBalanceMicros()).isEqualTo(TEN_USDC * 99);
            assertThat(mandated.getAllowanceMicros()).isEqualTo(TEN_USDC * 11);
            assertThat(mandated.getBlockNumber()).isEqualTo(headBefore);
            // Read-only: automine makes a block for every transaction, and none was made.
            assertThat(chain.node.blockNumber()).isEqualTo(headBefore);
        } finally {
            relayer.close();
        }
    }

    private Map<String, Map.Entry<String, SubscriptionCommand>> answers(List<ChainRequest> requests) {
        var byRequest = new HashMap<String, Map.Entry<String, SubscriptionCommand>>();
        await().atMost(PATIENCE).pollInterval(Duration.ofMillis(10)).until(() -> {
            for (var record : commands.poll(Duration.ofMillis(50))) {
                if (record.value().getPayload() instanceof SettleFundingCheck check) {
                    byRequest.put(check.getRequestId(), Map.entry(record.key(), record.value()));
                }
            }
            return requests.stream().allMatch(request -> byRequest.containsKey(request.getRequestId()));
        });
        return byRequest;
    }

    /** A funding check as billing-streams writes it, keyed by its subscription. */
    private static ChainRequest funding(String subscriptionId, String wallet) {
        var periodEnd = now().plus(Duration.ofDays(3));
        var requestId = subscriptionId + ":funding:" + periodEnd.getEpochSecond();
        return ChainRequest.newBuilder()
                .setRequestId(requestId)
                .setResultCommandId("cmd_" + requestId)
                .setSubscriptionId(subscriptionId)
                .setInvoiceId(null)
                .setPaymentId(null)
                .setMerchantId("mer_relayer_it")
                .setMode(Mode.TEST)
                .setRequestedAt(now())
                .setAmountMicros(TEN_USDC)
                .setWalletAddress(wallet.toLowerCase(java.util.Locale.ROOT))
                .setPayoutAddress(chain.merchant.getAddress())
                .setOnChainSubscriptionId(null)
                .setPayload(new FundingCheckRequest(periodEnd, null))
                .build();
    }
}
