package io.abk.billing.usdt.http;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.money.InvalidAmountException;
import io.abk.billing.usdt.address.PayToAddress;
import io.abk.billing.usdt.address.PayToAddress.InvalidAddressException;
import io.abk.billing.usdt.domain.match.MatchStrategy;
import io.abk.billing.usdt.domain.match.TransactionHash;
import io.abk.billing.usdt.domain.money.UsdtAmount;
import io.abk.billing.usdt.http.error.UsdtApiException;
import io.abk.billing.usdt.http.error.UsdtErrorCodes;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Typed, exact reads of a JSON request body. Each either returns a valid value or throws a 400
 * {@code validation_error} whose message and {@code param} name the field; an explicit {@code null} counts as
 * absent, unknown fields are ignored. Numbers arrive as exact decimals (the mapper reads floats as BigDecimal).
 */
final class UsdtRequestFields {

    static final int MAX_STRING_LENGTH = 500;

    private final JsonNode body;

    private UsdtRequestFields(JsonNode body) {
        this.body = body;
    }

    /** The fields of a body that must be a JSON object; no body reads as an empty object. */
    static UsdtRequestFields of(@Nullable JsonNode body) {
        if (body == null || body.isMissingNode() || body.isNull()) {
            return new UsdtRequestFields(JsonNodeFactory.instance.objectNode());
        }
        if (!body.isObject()) {
            throw new UsdtApiException(400, UsdtErrorCodes.VALIDATION_ERROR, "The request body must be a JSON object");
        }
        return new UsdtRequestFields(body);
    }

    boolean has(String field) {
        return node(field) != null;
    }

    String requiredString(String field) {
        return optionalString(field).orElseThrow(() -> missing(field));
    }

    /** A non-blank string of at most 500 characters without NUL. */
    Optional<String> optionalString(String field) {
        return present(field, JsonNode::isString, "a string").map(node -> {
            var value = node.stringValue();
            if (value.isBlank()) {
                throw UsdtApiException.invalid(field, field + " must not be empty");
            }
            if (value.length() > MAX_STRING_LENGTH || value.indexOf('\u0000') >= 0) {
                throw UsdtApiException.invalid(
                        field, field + " must be at most " + MAX_STRING_LENGTH + " characters without NUL");
            }
            return value;
        });
    }

    UsdtAmount requiredAmount(String field) {
        return optionalAmount(field).orElseThrow(() -> missing(field));
    }

    /** A JSON number of USDT, exact: greater than 0, at most 1,000,000,000, at most 6 decimals. */
    Optional<UsdtAmount> optionalAmount(String field) {
        return present(field, JsonNode::isNumber, "a JSON number (in USDT, e.g. 12.5)")
                .map(node -> {
                    if (node.isFloatingPointNumber() && !node.isBigDecimal()) {
                        // A double here means the mapper lost exactness before we saw the number: a bug, not input.
                        throw new IllegalStateException("JSON floats must be read as BigDecimal");
                    }
                    try {
                        return UsdtAmount.parsePositive(node.decimalValue());
                    } catch (InvalidAmountException e) {
                        throw UsdtApiException.invalid(
                                field, field + " " + e.problem().sentence());
                    }
                });
    }

    /** An address in any accepted form, normalised to 0x and 40 lower-case hex digits. */
    String requiredAddress(String field) {
        var text = requiredString(field);
        try {
            return PayToAddress.normalise(text);
        } catch (InvalidAddressException e) {
            throw UsdtApiException.invalid(field, field + " " + e.getMessage());
        }
    }

    /** {@code exact} when absent. */
    MatchStrategy strategy(String field) {
        return optionalString(field)
                .map(value -> MatchStrategy.fromWire(value)
                        .orElseThrow(() -> UsdtApiException.invalid(
                                field,
                                field + " must be one of "
                                        + Arrays.stream(MatchStrategy.values())
                                                .map(MatchStrategy::wire)
                                                .collect(Collectors.joining(", ")))))
                .orElse(MatchStrategy.EXACT);
    }

    String requiredTxHash(String field) {
        var text = requiredString(field);
        return TransactionHash.parse(text)
                .orElseThrow(() -> UsdtApiException.invalid(
                        field,
                        field + " must be a transaction hash: 0x and 64 hex digits (or the 64 hex digits alone)"));
    }

    String requiredIntentId(String field) {
        var text = requiredString(field);
        if (!Ids.isWellFormed(IdPrefix.PAYMENT_INTENT, text)) {
            throw UsdtApiException.invalid(field, field + " must be an intent id: pi_ and 26 characters");
        }
        return text;
    }

    /** A whole number within [min, max]. */
    Optional<Integer> optionalInt(String field, int min, int max) {
        return present(field, JsonNode::isIntegralNumber, "a whole number").map(node -> {
            var value = node.bigIntegerValue();
            if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
                throw UsdtApiException.invalid(field, field + " must be between " + min + " and " + max);
            }
            return value.intValueExact();
        });
    }

    /**
     * The field's value when present; a 400 saying the field must be {@code ofType} ("a string") when it is there
     * but of another JSON type.
     */
    private Optional<JsonNode> present(String field, Predicate<JsonNode> isOfType, String ofType) {
        var node = node(field);
        if (node == null) {
            return Optional.empty();
        }
        if (!isOfType.test(node)) {
            throw UsdtApiException.invalid(field, field + " must be " + ofType);
        }
        return Optional.of(node);
    }

    private @Nullable JsonNode node(String field) {
        var node = body.get(field);
        return node == null || node.isNull() ? null : node;
    }

    private static UsdtApiException missing(String field) {
        return UsdtApiException.invalid(field, field + " is required");
    }
}
