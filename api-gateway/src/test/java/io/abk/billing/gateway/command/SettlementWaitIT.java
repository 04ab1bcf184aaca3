package io.abk.billing.gateway.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.readmodel.projection.OutcomeWaiter;
import io.abk.billing.gateway.testkit.LifecycleIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.ChargeInvoice;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;

/**
 * A request that answers with a settlement's result waits for the follow-up command the outcome names, however
 * the two outcomes arrive: the result recorded before the command's own (found by the look-up after
 * registering), after it (woken while waiting), or after the request timed out (an idempotent retry resumes
 * waiting, because the follow-up's id is kept with the outcome).
 */
class SettlementWaitIT extends LifecycleIT {

    @Autowired
    OutcomeWaiter waiter;

    @AfterEach
    void settleNormally() {
        processor.publishSettlementsFirst(false);
        processor.releaseSettlements();
    }

    @Test
    void shouldAnswerWithTheSettlementWhenItsResultWasRecordedBeforeTheCommandsOwn() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");
        processor.publishSettlementsFirst(true);

        var reply = post(merchant, "test", "/v1/subscriptions/" + created.subscriptionId() + "/activate", Map.of());

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(reply.body().get("charge").get("ok").booleanValue()).isTrue();
        assertThat(reply.body().get("invoice").get("status").stringValue()).isEqualTo("paid");
        assertThat(reply.body().get("subscription").get("status").stringValue()).isEqualTo("active");
    }

    @Test
    void shouldWaitForTheSettlementWhenItsResultComesAfterTheCommandsOwn() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");
        post(merchant, "test", "/v1/subscriptions/" + created.subscriptionId() + "/complete", Map.of());
        processor.holdSettlements();

        var reply = CompletableFuture.supplyAsync(() -> post(
                merchant,
                "test",
                "/v1/invoices/" + created.invoiceId() + "/charge",
                Map.of("sandboxMode", "allowance_revoked")));
        var commandId = await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> lifecycleCommands(merchant).stream()
                                .filter(c -> c.getPayload() instanceof ChargeInvoice)
                                .map(c -> c.getCommandId())
                                .findFirst(),
                        found -> found.isPresent())
                .get();
        var followUp = await().atMost(Duration.ofSeconds(30)).until(() -> followUpOf(commandId), id -> id != null);
        await().atMost(Duration.ofSeconds(30)).until(() -> waiter.isWaitingFor(followUp));
        assertThat(reply).isNotDone();
        processor.releaseSettlements();

        var answer = reply.join();
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        assertThat(answer.body().get("ok").booleanValue()).isFalse();
        assertThat(answer.body().get("invoice").get("failureCode").stringValue())
                .isEqualTo("ALLOWANCE_REVOKED");
        assertThat(answer.body().get("invoice").get("attemptCount").intValue()).isEqualTo(1);
    }

    @Test
    void shouldAnswer503AndResumeWaitingForTheSettlementWhenRetriedWithTheSameKey() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");
        var path = "/v1/subscriptions/" + created.subscriptionId() + "/activate";
        processor.holdSettlements();

        var timedOut = activate(merchant, path);
        var stillWaiting = activate(merchant, path);
        processor.releaseSettlements();
        var resumed = activate(merchant, path);
        var replayed = activate(merchant, path);

        assertThat(timedOut.status()).isEqualTo(503);
        assertThat(timedOut.code()).isEqualTo("processing_timeout");
        assertThat(timedOut.header("Retry-After")).isEqualTo("1");
        assertThat(stillWaiting.status())
                .as("the retry waits for the settlement again, not answering half the story")
                .isEqualTo(503);
        assertThat(resumed.status()).as(resumed.text()).isEqualTo(200);
        assertThat(resumed.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(resumed.body().get("charge").get("ok").booleanValue()).isTrue();
        assertThat(resumed.body().get("subscription").get("status").stringValue())
                .isEqualTo("active");
        assertThat(replayed.text()).isEqualTo(resumed.text());
        var commands = lifecycleCommands(merchant);
        assertThat(commands).hasSize(1);
        assertThat(commands.getFirst().getPayload()).isInstanceOf(ActivateSubscription.class);
        assertThat(followUpOf(commands.getFirst().getCommandId())).startsWith("cmd_");
    }

    private Reply activate(TestMerchant merchant, String path) {
        return call(
                HttpMethod.POST,
                path,
                merchant.testKey(),
                Map.of("onChainSubscriptionId", "9"),
                "activate-" + merchant.id());
    }
}
