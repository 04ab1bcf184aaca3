package io.abk.billing.gateway.readmodel.projection;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.ChangeFixtures;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.avro.CustomerActionSnapshot;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.MandateSignatureSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.TransferAuthorizationSnapshot;
import io.abk.billing.schemas.render.ApiJson;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** Turning a polled batch into the rows of one transaction. */
class ProjectionBatchTest {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final TopicPartition P0 = new TopicPartition("billing.changes", 0);

    @Test
    void shouldKeepOnlyTheNewestSnapshotOfEachResourceWhenABatchHoldsSeveral() {
        var v2 = ChangeFixtures.accepted("cmd_2", "sub_a", "inv_a", "mer_1", Mode.TEST, 2, "active");
        var v1 = ChangeFixtures.accepted("cmd_1", "sub_a", "inv_a", "mer_1", Mode.TEST, 1, "incomplete");
        var v3 = ChangeFixtures.accepted("cmd_3", "sub_a", "inv_a", "mer_1", Mode.TEST, 3, "past_due");

        var batch = ProjectionBatch.of(List.of(v2, v1, v3), Map.of(P0, 42L));

        assertThat(batch.subscriptions()).singleElement().satisfies(row -> {
            assertThat(row.version()).isEqualTo(3);
            assertThat(row.status()).isEqualTo("past_due");
            assertThat(row.mode()).isEqualTo("test");
        });
        assertThat(batch.invoices())
                .singleElement()
                .satisfies(row -> assertThat(row.parentId()).isEqualTo("sub_a"));
        assertThat(batch.outcomes()).extracting(CommandOutcome::commandId).containsExactly("cmd_2", "cmd_1", "cmd_3");
        assertThat(batch.nextOffsets()).containsEntry(P0, 42L);
        assertThat(batch.changeCount()).isEqualTo(3);
    }

    @Test
    void shouldRecordEachCommandOnceWithItsOwnSnapshotsWhenAChangeIsRepeated() {
        var accepted = ChangeFixtures.accepted("cmd_1", "sub_a", "inv_a", "mer_1", Mode.LIVE, 1, "incomplete");
        var rejected = ChangeFixtures.rejected(
                "cmd_2", "sub_b", "mer_1", Mode.LIVE, "subscription_cancel_failed", "already canceled");

        var batch = ProjectionBatch.of(List.of(accepted, rejected, accepted), Map.of(P0, 3L));

        assertThat(batch.outcomes()).hasSize(2);
        var first = batch.outcomes().getFirst();
        assertThat(first.accepted()).isTrue();
        assertThat(JSON.readTree(first.snapshotsJson())).hasSize(2);
        assertThat(JSON.readTree(first.snapshotsJson()).get(1).get("object").asString())
                .isEqualTo("invoice");
        var second = batch.outcomes().get(1);
        assertThat(second.accepted()).isFalse();
        assertThat(second.rejectionCode()).isEqualTo("subscription_cancel_failed");
        assertThat(second.rejectionMessage()).isEqualTo("already canceled");
        assertThat(second.snapshotsJson()).isEqualTo("[]");
        assertThat(second.mode()).isEqualTo("live");
        assertThat(first.followUpCommandId()).isNull();
    }

    @Test
    void shouldKeepTheFollowUpCommandIdWhenTheChangeStartedASettlement() {
        var charge = Change.newBuilder(
                        ChangeFixtures.accepted("cmd_1", "sub_a", "inv_a", "mer_1", Mode.TEST, 1, "incomplete"))
                .setFollowUpCommandId("cmd_settle")
                .build();

        var batch = ProjectionBatch.of(List.of(charge), Map.of(P0, 1L));

        assertThat(batch.outcomes())
                .singleElement()
                .satisfies(outcome -> assertThat(outcome.followUpCommandId()).isEqualTo("cmd_settle"));
    }

    @Test
    void shouldRowPaymentsWithTheirLinkAndExpiryAndLinksApartWhenChangesHoldThem() {
        var created = Instant.parse("2026-03-01T10:00:00Z");
        var expires = Instant.parse("2026-03-02T10:00:00Z");
        var v1 = PaymentSnapshot.newBuilder(
                        ChangeFixtures.payment("pay_a", "mer_1", Mode.LIVE, 1, "open", created, expires))
                .setPaymentLinkId("plink_a")
                .build();
        var v2 = PaymentSnapshot.newBuilder(v1).setVersion(2).setStatus("paid").build();
        var link = ChangeFixtures.paymentLink("plink_a", "mer_1", Mode.LIVE, 4, "active", created, null);

        var batch = ProjectionBatch.of(
                List.of(
                        ChangeFixtures.acceptedOf("cmd_2", "payment", "pay_a", "mer_1", Mode.LIVE, List.of(v2)),
                        ChangeFixtures.acceptedOf("cmd_1", "payment", "pay_a", "mer_1", Mode.LIVE, List.of(v1)),
                        ChangeFixtures.acceptedOf(
                                "cmd_3", "payment_link", "plink_a", "mer_1", Mode.LIVE, List.of(link))),
                Map.of(P0, 3L));

        assertThat(batch.payments()).singleElement().satisfies(row -> {
            assertThat(row.version()).isEqualTo(2);
            assertThat(row.status()).isEqualTo("paid");
            assertThat(row.parentId()).isEqualTo("plink_a");
            assertThat(row.expiresAt()).isEqualTo(expires);
            assertThat(row.mode()).isEqualTo("live");
            assertThat(JSON.readTree(row.body()))
                    .isEqualTo(JSON.readTree(JSON.writeValueAsString(ApiJson.payment(v2))));
        });
        assertThat(batch.paymentLinks()).singleElement().satisfies(row -> {
            assertThat(row.parentId()).isNull();
            assertThat(row.expiresAt()).isNull();
            assertThat(JSON.readTree(row.body()).get("object").stringValue()).isEqualTo("payment_link");
        });
        assertThat(batch.subscriptions()).isEmpty();
        assertThat(batch.outcomes())
                .extracting(CommandOutcome::aggregateType)
                .containsExactly("payment", "payment", "payment_link");
        assertThat(JSON.readTree(batch.outcomes().getFirst().snapshotsJson())
                        .get(0)
                        .get("status")
                        .stringValue())
                .isEqualTo("paid");
    }

    @Test
    void shouldCarryTheSignaturesAndTheRelayersGasIntoTheBodiesWhenTheSnapshotsHoldThem() {
        var at = Instant.parse("2026-03-01T10:00:00Z");
        // A gas cost beyond a double's exact range: written as a string, never rounded.
        var cost = "123456789012345678901";
        var subscription = SubscriptionSnapshot.newBuilder(
                        ChangeFixtures.subscription("sub_a", "mer_1", Mode.TEST, 2, "incomplete"))
                .setMandateSignature(new MandateSignatureSnapshot(
                        "submitted", "0xcc", 12L, at.plusSeconds(3_600), "0xaa", 187_654L, cost, null, null, at))
                .build();
        var invoice = InvoiceSnapshot.newBuilder(
                        ChangeFixtures.invoice("inv_a", "sub_a", "mer_1", Mode.TEST, 2, "paid"))
                .setTxHash("0xaa")
                .setGasUsed(61_234L)
                .setGasCostWei(cost)
                .build();
        var payment = PaymentSnapshot.newBuilder(
                        ChangeFixtures.payment("pay_a", "mer_1", Mode.TEST, 2, "open", at, at.plusSeconds(86_400)))
                .setAuthorization(new TransferAuthorizationSnapshot(
                        "failed", "0xcc", null, null, null, "AUTHORIZATION_EXPIRED", "expired", at))
                .build();
        var bare = ChangeFixtures.invoice("inv_b", "sub_b", "mer_1", Mode.TEST, 1, "open");

        var batch = ProjectionBatch.of(
                List.of(
                        ChangeFixtures.acceptedOf(
                                "cmd_1", "subscription", "sub_a", "mer_1", Mode.TEST, List.of(subscription, invoice)),
                        ChangeFixtures.acceptedOf("cmd_2", "payment", "pay_a", "mer_1", Mode.TEST, List.of(payment)),
                        ChangeFixtures.acceptedOf("cmd_3", "subscription", "sub_b", "mer_1", Mode.TEST, List.of(bare))),
                Map.of(P0, 3L));

        var signature = JSON.readTree(batch.subscriptions().getFirst().body()).get("mandateSignature");
        assertThat(signature.get("status").stringValue()).isEqualTo("submitted");
        assertThat(signature.get("periods").longValue()).isEqualTo(12);
        assertThat(signature.get("deadline").stringValue()).isEqualTo("2026-03-01T11:00:00Z");
        assertThat(signature.get("gasUsed").longValue()).isEqualTo(187_654);
        assertThat(signature.get("gasCostWei").stringValue()).isEqualTo(cost);
        assertThat(signature.get("failureCode").isNull()).isTrue();
        var bodies = batch.invoices().stream()
                .map(row -> JSON.readTree(row.body()))
                .collect(Collectors.toMap(body -> body.get("id").stringValue(), body -> body));
        assertThat(bodies.get("inv_a").get("gasUsed").longValue()).isEqualTo(61_234);
        assertThat(bodies.get("inv_a").get("gasCostWei").stringValue()).isEqualTo(cost);
        assertThat(bodies.get("inv_b").get("gasUsed").isNull())
                .as("present and null when absent")
                .isTrue();
        assertThat(bodies.get("inv_b").get("gasCostWei").isNull()).isTrue();
        var authorization = JSON.readTree(batch.payments().getFirst().body()).get("authorization");
        assertThat(authorization.get("status").stringValue()).isEqualTo("failed");
        assertThat(authorization.get("fromAddress").stringValue()).isEqualTo("0xcc");
        assertThat(authorization.get("failureCode").stringValue()).isEqualTo("AUTHORIZATION_EXPIRED");
        assertThat(authorization.get("submittedAt").stringValue()).isEqualTo("2026-03-01T10:00:00Z");
        assertThat(authorization.get("txHash").isNull()).isTrue();
        var plain = JSON.readTree(
                SnapshotJson.subscription(ChangeFixtures.subscription("sub_c", "mer_1", Mode.TEST, 1, "incomplete")));
        assertThat(plain.get("mandateSignature").isNull()).isTrue();
        assertThat(plain.has("lastCustomerAction")).isTrue();
        assertThat(plain.get("lastCustomerAction").isNull()).isTrue();
    }

    @Test
    void shouldShowTheActionSubmittedLastAsTheSubscriptionsLastCustomerActionWhenThePortalSubmittedSome() {
        var at = Instant.parse("2026-03-01T10:00:00Z");
        var cost = "123456789012345678901";
        var subscription = SubscriptionSnapshot.newBuilder(
                        ChangeFixtures.subscription("sub_a", "mer_1", Mode.TEST, 3, "active"))
                .setCustomerActions(List.of(
                        new CustomerActionSnapshot("raise_allowance", 1, "pending", null, null, null, null, null, at),
                        new CustomerActionSnapshot(
                                "revoke", 2, "submitted", "0xaa", 48_123L, cost, null, null, at.plusSeconds(60))))
                .build();

        var batch = ProjectionBatch.of(
                List.of(ChangeFixtures.acceptedOf(
                        "cmd_1", "subscription", "sub_a", "mer_1", Mode.TEST, List.of(subscription))),
                Map.of(P0, 1L));

        var action = JSON.readTree(batch.subscriptions().getFirst().body()).get("lastCustomerAction");
        assertThat(action.get("kind").stringValue()).isEqualTo("revoke");
        assertThat(action.get("status").stringValue()).isEqualTo("submitted");
        assertThat(action.get("txHash").stringValue()).isEqualTo("0xaa");
        assertThat(action.get("gasUsed").longValue()).isEqualTo(48_123);
        assertThat(action.get("gasCostWei").stringValue()).isEqualTo(cost);
        assertThat(action.get("failureCode").isNull()).isTrue();
        assertThat(action.get("submittedAt").stringValue()).isEqualTo("2026-03-01T10:01:00Z");
        assertThat(action.has("number"))
                .as("the request's number stays internal")
                .isFalse();
    }

    @Test
    void shouldSplitNotificationsBelowPostgresLimitWhenTheBatchIsLarge() {
        var ids = new ArrayList<String>();
        for (int i = 0; i < 1000; i++) {
            ids.add("cmd_01jcrgx3b2m0x9k8d7f6e5" + String.format("%04d", i));
        }

        var payloads = ProjectionBatch.notifyPayloads(ids);

        assertThat(payloads)
                .hasSizeGreaterThan(1)
                .allSatisfy(p ->
                        assertThat(p.getBytes(StandardCharsets.UTF_8).length).isLessThan(8000));
        assertThat(String.join(",", payloads).split(",")).containsExactlyElementsOf(ids);
        assertThat(ProjectionBatch.notifyPayloads(List.of())).isEmpty();
    }

    @Test
    void shouldRenderTheApiJsonInTheRenderersKeyOrderWhenWritingABody() {
        var snapshot = ChangeFixtures.subscription("sub_a", "mer_1", Mode.TEST, 1, "incomplete");

        var body = SnapshotJson.subscription(snapshot);

        assertThat(JSON.readTree(body)).isEqualTo(JSON.valueToTree(ApiJson.subscription(snapshot)));
        assertThat(body)
                .startsWith(
                        "{\"id\":\"sub_a\",\"object\":\"subscription\",\"status\":\"incomplete\",\"amountUsdc\":9.99,");
        assertThat(body).contains("\"metadata\":{\"a\":\"first\",\"plan\":\"gold\",\"zeta\":\"last\"}");
        var keys = new ArrayList<String>();
        JSON.readTree(body).propertyNames().forEach(keys::add);
        assertThat(keys)
                .containsExactlyElementsOf(ApiJson.subscription(snapshot).keySet());
    }

    @Test
    void shouldDeriveTheJdbcUrlFromTheR2dbcUrlWhenNoneIsConfigured() {
        assertThat(ProjectionConfiguration.jdbcUrlOf("r2dbc:postgresql://db:5432/billing?sslMode=require"))
                .isEqualTo("jdbc:postgresql://db:5432/billing");
        assertThat(ProjectionConfiguration.jdbcUrlOf("r2dbc:pool:postgresql://localhost/billing"))
                .isEqualTo("jdbc:postgresql://localhost/billing");
        assertThat(ProjectionConfiguration.jdbcUrlOf("r2dbc:h2:mem:///x")).isNull();
        assertThat(ProjectionConfiguration.jdbcUrlOf(null)).isNull();
    }

    @Test
    void shouldProjectTheNewestCustomerWithItsWalletLowerCasedWhenABatchHoldsTwoVersions() {
        var created = customer(1, "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01", "a@example.test");
        var updated = customer(2, "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01", null);

        var batch = ProjectionBatch.of(
                List.of(customerChange("cmd_2", updated), customerChange("cmd_1", created)), Map.of(P0, 7L));

        assertThat(batch.customers()).singleElement().satisfies(row -> {
            assertThat(row.id()).isEqualTo("cus_a");
            assertThat(row.version()).isEqualTo(2);
            assertThat(row.wallet()).isEqualTo("0xabcdef0123456789abcdef0123456789abcdef01");
            assertThat(row.email()).isNull();
            assertThat(JSON.readTree(row.body()).get("object").stringValue()).isEqualTo("customer");
        });
        assertThat(batch.outcomes())
                .extracting(CommandOutcome::snapshotsJson)
                .allSatisfy(
                        json -> assertThat(JSON.readTree(json).get(0).get("id").stringValue())
                                .isEqualTo("cus_a"));
    }

    @Test
    void shouldProjectCouponsAndPromotionCodesWithTheirStatusAndTheCodesCouponAsParent() {
        var coupon = CouponSnapshot.newBuilder()
                .setId("coupon_a")
                .setMerchantId("mer_1")
                .setMode(Mode.LIVE)
                .setVersion(3)
                .setName("WELCOME")
                .setPercentOffBasisPoints(1250)
                .setDuration("once")
                .setValid(false)
                .setCreatedAt(Instant.parse("2026-01-01T00:00:00Z"))
                .build();
        var code = PromotionCodeSnapshot.newBuilder()
                .setId("promo_a")
                .setMerchantId("mer_1")
                .setMode(Mode.LIVE)
                .setVersion(1)
                .setCouponId("coupon_a")
                .setCode("Hello20")
                .setActive(true)
                .setCreatedAt(Instant.parse("2026-01-02T00:00:00Z"))
                .build();
        var change = Change.newBuilder(customerChange("cmd_1", customer(1, "0x" + "a".repeat(40), null)))
                .setAggregateType("promotion_code")
                .setSnapshots(List.<Object>of(code, coupon))
                .build();

        var batch = ProjectionBatch.of(List.of(change), Map.of(P0, 1L));

        assertThat(batch.coupons()).singleElement().satisfies(row -> {
            assertThat(List.of(row.id(), row.mode(), row.status())).containsExactly("coupon_a", "live", "invalid");
            assertThat(row.parentId()).isNull();
            assertThat(row.version()).isEqualTo(3);
            assertThat(JSON.readTree(row.body()).get("percentOff").decimalValue())
                    .isEqualByComparingTo("12.5");
        });
        assertThat(batch.promotionCodes()).singleElement().satisfies(row -> {
            assertThat(List.of(row.id(), row.parentId(), row.status()))
                    .containsExactly("promo_a", "coupon_a", "active");
            assertThat(JSON.readTree(row.body()).get("object").stringValue()).isEqualTo("promotion_code");
        });
        assertThat(JSON.readTree(batch.outcomes().getFirst().snapshotsJson()))
                .extracting(node -> node.get("object").stringValue())
                .containsExactly("promotion_code", "coupon");
    }

    private static CustomerSnapshot customer(long version, String wallet, @Nullable String email) {
        return CustomerSnapshot.newBuilder()
                .setId("cus_a")
                .setMerchantId("mer_1")
                .setMode(Mode.TEST)
                .setVersion(version)
                .setWallet(wallet)
                .setEmail(email)
                .setCreatedAt(Instant.parse("2026-01-01T00:00:00Z"))
                .setUpdatedAt(Instant.parse("2026-01-01T00:00:00Z"))
                .build();
    }

    private static Change customerChange(String commandId, CustomerSnapshot snapshot) {
        return Change.newBuilder()
                .setCommandId(commandId)
                .setAggregateType("customer")
                .setAggregateId(snapshot.getId())
                .setMerchantId(snapshot.getMerchantId())
                .setMode(snapshot.getMode())
                .setRequestedAt(snapshot.getUpdatedAt())
                .setOutcome(Outcome.ACCEPTED)
                .setSnapshots(List.of(snapshot))
                .build();
    }
}
