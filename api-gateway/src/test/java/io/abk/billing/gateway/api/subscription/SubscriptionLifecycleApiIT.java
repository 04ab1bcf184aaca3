package io.abk.billing.gateway.api.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.LifecycleIT;
import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.UpdateSubscription;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * The lifecycle routes of a subscription over HTTP (activate, complete, cancel, resume, pause, PATCH): the
 * bodies of docs/api.md built from the outcomes, rejections as 400 with the operation's code, and the commands
 * they send. The stand-in processor applies the commands; the real rules are billing-streams' own tests.
 */
class SubscriptionLifecycleApiIT extends LifecycleIT {

    @Test
    void shouldAnswerSubscriptionInvoiceAndSettledChargeWhenActivationChargesSuccessfully() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");

        var reply = post(merchant, "test", path(created, "activate"), Map.of("onChainSubscriptionId", "42"));

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(fieldNames(reply.body())).containsExactly("subscription", "invoice", "charge");
        var subscription = reply.body().get("subscription");
        assertThat(subscription.get("id").stringValue()).isEqualTo(created.subscriptionId());
        assertThat(subscription.get("status").stringValue()).isEqualTo("active");
        assertThat(subscription.get("mandateStatus").stringValue()).isEqualTo("active");
        assertThat(subscription.get("onChainSubscriptionId").stringValue()).isEqualTo("42");
        var invoice = reply.body().get("invoice");
        assertThat(invoice.get("id").stringValue()).isEqualTo(created.invoiceId());
        assertThat(invoice.get("status").stringValue()).isEqualTo("paid");
        assertThat(invoice.get("txHash").stringValue()).matches("0x[0-9a-f]{64}");
        var charge = reply.body().get("charge");
        assertThat(fieldNames(charge)).containsExactly("ok", "failureCode", "failureMessage", "txHash");
        assertThat(charge.get("ok").booleanValue()).isTrue();
        assertThat(charge.get("failureCode").isNull()).isTrue();
        assertThat(charge.get("txHash").stringValue())
                .isEqualTo(invoice.get("txHash").stringValue());
        // Read-your-writes covers the settlement's result too.
        assertThat(get(merchant, "test", "/v1/subscriptions/" + created.subscriptionId())
                        .body())
                .isEqualTo(subscription);
        assertThat(get(merchant, "test", "/v1/invoices/" + created.invoiceId()).body())
                .isEqualTo(invoice);
        var commands = lifecycleCommands(merchant);
        assertThat(commands).hasSize(1);
        assertThat(commands.getFirst().getSubscriptionId()).isEqualTo(created.subscriptionId());
        assertThat(((ActivateSubscription) commands.getFirst().getPayload()).getOnChainSubscriptionId())
                .isEqualTo("42");
    }

    @Test
    void shouldAnswerTheDeclineWhenTheFirstChargeFails() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test", "5", Map.of("sandboxRenewalOutcome", "insufficient_balance"));

        var reply = post(merchant, "test", path(created, "activate"), null);

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(reply.body().get("subscription").get("status").stringValue()).isEqualTo("incomplete");
        assertThat(reply.body().get("invoice").get("status").stringValue()).isEqualTo("open");
        var charge = reply.body().get("charge");
        assertThat(charge.get("ok").booleanValue()).isFalse();
        assertThat(charge.get("failureCode").stringValue()).isEqualTo("INSUFFICIENT_BALANCE");
        assertThat(charge.get("failureMessage").stringValue()).isNotBlank();
        assertThat(charge.get("txHash").isNull()).isTrue();
    }

    @Test
    void shouldAnswerANullChargeWhenActivationRanNoCharge() {
        var merchant = newMerchant();
        var product = post(
                merchant,
                "test",
                "/v1/products",
                Map.of(
                        "name",
                        "Trial plan",
                        "prices",
                        List.of(Map.of("amountUsdc", new BigDecimal("12"), "interval", "month", "trialDays", 7))));
        var priceId =
                product.body().get("product").get("prices").get(0).get("id").stringValue();
        var created = post(
                        merchant,
                        "test",
                        "/v1/subscriptions",
                        Map.of(
                                "merchantRef",
                                "trial",
                                "customerWallet",
                                WALLET,
                                "payoutAddressEvm",
                                PAYOUT,
                                "priceId",
                                priceId))
                .body();
        var subscriptionId = created.get("subscription").get("id").stringValue();

        var reply = post(merchant, "test", "/v1/subscriptions/" + subscriptionId + "/activate", Map.of());

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(reply.body().has("charge")).isTrue();
        assertThat(reply.body().get("charge").isNull())
                .as("a trial invoice is paid without a charge")
                .isTrue();
        assertThat(reply.body().get("invoice").get("status").stringValue()).isEqualTo("paid");
        assertThat(reply.body().get("subscription").get("status").stringValue()).isEqualTo("active");
    }

    @Test
    void shouldAnswerTheSubscriptionAfterCompleteCancelResumeAndUpdate() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");

        var completed = post(merchant, "test", path(created, "complete"), Map.of("onChainSubscriptionId", "7"));
        var canceledAtEnd = post(merchant, "test", path(created, "cancel"), Map.of());
        var resumed = post(merchant, "test", path(created, "resume"), null);
        var updated = call(
                HttpMethod.PATCH,
                "/v1/subscriptions/" + created.subscriptionId(),
                merchant.testKey(),
                Map.of(
                        "amountUsdc",
                        new BigDecimal("19.5"),
                        "interval",
                        "year",
                        "planId",
                        "gold",
                        "metadata",
                        Map.of("tier", "2", "gone", "")),
                null);
        var emptyPatch =
                call(HttpMethod.PATCH, "/v1/subscriptions/" + created.subscriptionId(), merchant.testKey(), null, null);
        var activateAfterComplete = post(merchant, "test", path(created, "activate"), null);

        for (var reply : List.of(completed, canceledAtEnd, resumed, updated, emptyPatch)) {
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            assertThat(fieldNames(reply.body())).containsExactly("subscription");
            assertThat(reply.body().get("subscription").get("id").stringValue()).isEqualTo(created.subscriptionId());
        }
        assertThat(completed.body().get("subscription").get("mandateStatus").stringValue())
                .isEqualTo("active");
        assertThat(completed
                        .body()
                        .get("subscription")
                        .get("onChainSubscriptionId")
                        .stringValue())
                .isEqualTo("7");
        assertThat(canceledAtEnd
                        .body()
                        .get("subscription")
                        .get("cancelAtPeriodEnd")
                        .booleanValue())
                .isTrue();
        assertThat(resumed.body().get("subscription").get("cancelAtPeriodEnd").booleanValue())
                .isFalse();
        var subscription = updated.body().get("subscription");
        assertThat(subscription.get("amountUsdc").decimalValue()).isEqualByComparingTo("19.5");
        assertThat(subscription.get("interval").stringValue()).isEqualTo("year");
        assertThat(subscription.get("planId").stringValue()).isEqualTo("gold");
        assertThat(subscription.get("metadata").get("tier").stringValue()).isEqualTo("2");
        assertThat(activateAfterComplete.status()).isEqualTo(400);
        assertThat(activateAfterComplete.code()).isEqualTo("subscription_activate_failed");
        assertThat(activateAfterComplete.body().get("error").stringValue()).isNotBlank();
        var update = (UpdateSubscription) lifecycleCommands(merchant).stream()
                .filter(c -> c.getPayload() instanceof UpdateSubscription)
                .findFirst()
                .orElseThrow()
                .getPayload();
        assertThat(update.getAmountMicros()).isEqualTo(19_500_000L);
        assertThat(update.getMetadata())
                .containsEntry("tier", "2")
                .as("an empty value removes the key")
                .containsEntry("gone", "");
        assertThat(emptyPatch.body().get("subscription"))
                .as("an empty PATCH changes nothing")
                .isEqualTo(subscription);
    }

    @Test
    void shouldPauseResumeAndCancelAnActiveSubscriptionThenRefuseWhatCanceledForbids() {
        var merchant = newMerchant();
        var created = activeSubscription(merchant, "9.99");

        var paused = post(merchant, "test", path(created, "pause"), Map.of());
        var pausedAgain = post(merchant, "test", path(created, "pause"), Map.of());
        var resumed = post(merchant, "test", path(created, "resume"), Map.of());
        var canceled = post(merchant, "test", path(created, "cancel"), Map.of("immediate", true));
        var cancelAgain = post(merchant, "test", path(created, "cancel"), Map.of("immediate", true));
        var updateCanceled = call(
                HttpMethod.PATCH,
                "/v1/subscriptions/" + created.subscriptionId(),
                merchant.testKey(),
                Map.of("planId", "x"),
                null);
        var resumeCanceled = post(merchant, "test", path(created, "resume"), null);

        assertThat(paused.body().get("subscription").get("status").stringValue())
                .isEqualTo("paused");
        assertThat(paused.body().get("subscription").get("pausedAt").isNull()).isFalse();
        assertThat(pausedAgain.status()).isEqualTo(400);
        assertThat(pausedAgain.code()).isEqualTo("subscription_pause_failed");
        assertThat(resumed.body().get("subscription").get("status").stringValue())
                .isEqualTo("active");
        assertThat(canceled.body().get("subscription").get("status").stringValue())
                .isEqualTo("canceled");
        assertThat(canceled.body().get("subscription").get("canceledAt").isNull())
                .isFalse();
        assertThat(List.of(cancelAgain.code(), updateCanceled.code(), resumeCanceled.code()))
                .containsExactly(
                        "subscription_cancel_failed", "subscription_update_failed", "subscription_resume_failed");
        assertThat(List.of(cancelAgain.status(), updateCanceled.status(), resumeCanceled.status()))
                .containsOnly(400);
        assertThat(lifecycleCommands(merchant).stream()
                        .filter(c -> c.getPayload() instanceof CancelSubscription)
                        .map(c -> ((CancelSubscription) c.getPayload()).getImmediate()))
                .containsExactly(true, true);
    }

    @Test
    void shouldReplayAPatchWhenItsIdempotencyKeyRepeatsAndRefuseTheKeyForAnotherBody() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");
        var path = "/v1/subscriptions/" + created.subscriptionId();

        var first = call(HttpMethod.PATCH, path, merchant.testKey(), Map.of("planId", "silver"), "patch-key");
        var repeat = call(HttpMethod.PATCH, path, merchant.testKey(), Map.of("planId", "silver"), "patch-key");
        var other = call(HttpMethod.PATCH, path, merchant.testKey(), Map.of("planId", "bronze"), "patch-key");
        var asPost =
                call(HttpMethod.POST, path + "/pause", merchant.testKey(), Map.of("planId", "silver"), "patch-key");

        assertThat(first.status()).isEqualTo(200);
        assertThat(repeat.status()).isEqualTo(200);
        assertThat(repeat.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repeat.text()).isEqualTo(first.text());
        assertThat(other.status()).isEqualTo(409);
        assertThat(other.code()).isEqualTo("idempotency_error");
        assertThat(asPost.code()).isEqualTo("idempotency_error");
        assertThat(lifecycleCommands(merchant)).hasSize(1);
    }

    static String path(Created created, String action) {
        return "/v1/subscriptions/" + created.subscriptionId() + "/" + action;
    }
}
