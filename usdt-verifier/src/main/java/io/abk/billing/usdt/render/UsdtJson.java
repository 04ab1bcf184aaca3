package io.abk.billing.usdt.render;

import io.abk.billing.schemas.avro.UsdtIntentSnapshot;
import io.abk.billing.schemas.avro.UsdtMatchReport;
import io.abk.billing.schemas.avro.UsdtPaymentTransaction;
import io.abk.billing.usdt.domain.money.UsdtAmount;
import java.math.BigDecimal;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Renders intents, match reports and events as JSON: camelCase fields, amounts as exact JSON numbers in USDT
 * ({@code 9.99}, never {@code 9.990000000001} or {@code 1E+1}), timestamps ISO-8601 in UTC with a {@code Z}.
 */
public final class UsdtJson {

    /** Floats read as BigDecimal and written plainly, so no amount ever passes through a double. */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    public static final String PAYMENT_CONFIRMED = "payment.confirmed";

    private UsdtJson() {}

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** {@code {id, merchantRef, amountUsdt, payToAddress, matchStrategy, status, createdAt, expiresAt, confirmedAt, txHash, receivedUsdt, fromAddress}}. */
    public static ObjectNode intent(UsdtIntentSnapshot intent) {
        var node = object();
        node.put("id", intent.getId());
        node.put("merchantRef", intent.getMerchantRef());
        node.put("amountUsdt", UsdtAmount.ofMicros(intent.getAmountMicros()).toDecimal());
        node.put("payToAddress", intent.getPayToAddress());
        node.put("matchStrategy", intent.getMatchStrategy());
        node.put("status", intent.getStatus());
        node.put("createdAt", intent.getCreatedAt().toString());
        node.put("expiresAt", intent.getExpiresAt().toString());
        putInstant(node, "confirmedAt", intent.getConfirmedAt());
        node.put("txHash", intent.getTxHash());
        putDecimal(node, "receivedUsdt", intent.getReceivedUsdt());
        node.put("fromAddress", intent.getFromAddress());
        return node;
    }

    /** The verify route's answer: {@code {ok, outcome, code, expectedUsdt, receivedUsdt, confirmations, txHash, ...}}. */
    public static ObjectNode report(UsdtMatchReport report) {
        var node = object();
        node.put("ok", report.getOk());
        node.put("outcome", report.getOutcome());
        node.put("code", report.getCode());
        node.put("expectedUsdt", UsdtAmount.ofMicros(report.getExpectedMicros()).toDecimal());
        putDecimal(node, "receivedUsdt", report.getReceivedUsdt());
        node.put("confirmations", report.getConfirmations());
        node.put("requiredConfirmations", report.getRequiredConfirmations());
        node.put("txHash", report.getTxHash());
        node.put("fromAddress", report.getFromAddress());
        node.put("blockNumber", report.getBlockNumber());
        return node;
    }

    /** The webhook body of a payment.confirmed: {@code {id, type, createdAt, test, data: {intent, transaction}}}. */
    public static String eventBody(
            String eventId,
            Instant createdAt,
            boolean test,
            UsdtIntentSnapshot intent,
            UsdtPaymentTransaction transaction) {
        var node = object();
        node.put("id", eventId);
        node.put("type", PAYMENT_CONFIRMED);
        node.put("createdAt", createdAt.toString());
        node.put("test", test);
        var data = node.putObject("data");
        data.set("intent", intent(intent));
        var tx = data.putObject("transaction");
        tx.put("txHash", transaction.getTxHash());
        tx.put("chainId", transaction.getChainId());
        tx.put("fromAddress", transaction.getFromAddress());
        tx.put("toAddress", transaction.getToAddress());
        tx.put("amountUsdt", new BigDecimal(transaction.getReceivedUsdt()));
        tx.put("blockNumber", transaction.getBlockNumber());
        tx.put("confirmations", transaction.getConfirmations());
        return MAPPER.writeValueAsString(node);
    }

    /** Parses JSON that this class wrote (an event body), numbers exact. */
    public static JsonNode parse(String json) {
        return MAPPER.readTree(json);
    }

    private static void putInstant(ObjectNode node, String field, @Nullable Instant value) {
        if (value == null) {
            node.putNull(field);
        } else {
            node.put(field, value.toString());
        }
    }

    private static void putDecimal(ObjectNode node, String field, @Nullable String value) {
        if (value == null) {
            node.putNull(field);
        } else {
            node.put(field, new BigDecimal(value));
        }
    }
}
