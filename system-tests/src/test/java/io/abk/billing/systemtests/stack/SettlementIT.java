package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The stack runs settlement (chain-indexer, sandbox): a charge request on {@code chain.requests}, as
 * billing-streams writes it, is answered with its result command on {@code billing.subscription-commands}.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class SettlementIT {

    @Test
    void shouldAnswerATestChargeRequestWithASandboxResultWhenTheStackIsRunning(Api api) throws Exception {
        // given a charge request of a test-mode invoice whose subscription fails its system charges
        var requestedAt = Instant.now();
        var invoiceId = Ids.newId(IdPrefix.INVOICE, requestedAt);
        var requestId = invoiceId + ":1";
        var resultCommandId = Ids.derivedId(IdPrefix.COMMAND, requestedAt, "settle:" + requestId);
        var request = ChainRequest.newBuilder()
                .setRequestId(requestId)
                .setResultCommandId(resultCommandId)
                .setSubscriptionId(Ids.newId(IdPrefix.SUBSCRIPTION, requestedAt))
                .setInvoiceId(invoiceId)
                .setMerchantId(Ids.newId(IdPrefix.MERCHANT, requestedAt))
                .setMode(Mode.TEST)
                .setRequestedAt(requestedAt)
                .setAmountMicros(9_990_000)
                .setWalletAddress(Api.MERCHANT_PAYOUT)
                .setPayoutAddress(Api.MERCHANT_PAYOUT)
                .setPayload(new ChargeRequest(null, "insufficient_balance"))
                .build();

        // when billing-streams' request arrives
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, api.info().kafkaBootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000),
                Topics.CHAIN_REQUESTS.keySerde().serializer(),
                Topics.CHAIN_REQUESTS.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT), invoiceId, request))
                    .get(30, TimeUnit.SECONDS);
        }

        // then exactly one result command answers it, with the simulated failure
        var results = api.topics()
                .awaitValues(
                        Topics.SUBSCRIPTION_COMMANDS,
                        command -> command.getCommandId().equals(resultCommandId),
                        1);
        assertThat(results).hasSize(1);
        var result = results.getFirst();
        assertThat(result.getSubscriptionId()).isEqualTo(request.getSubscriptionId());
        assertThat(result.getRequestedAt()).isEqualTo(request.getRequestedAt());
        var charge = (SettleCharge) result.getPayload();
        assertThat(charge.getAttemptId()).isEqualTo(requestId);
        assertThat(charge.getSucceeded()).isFalse();
        assertThat(charge.getFailureCode()).isEqualTo("INSUFFICIENT_BALANCE");
    }
}
