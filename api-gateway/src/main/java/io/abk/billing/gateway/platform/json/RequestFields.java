package io.abk.billing.gateway.platform.json;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.money.InvalidAmountException;
import io.abk.billing.schemas.money.UsdcAmount;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Typed, exact access to the fields of a JSON request body. Each reader either returns a valid value or throws
 * a 400 {@code validation_error} whose message and {@code param} name the field. An explicit {@code null}
 * counts as absent. Unknown fields are ignored, as the API promises.
 *
 * <p>Numbers must reach here as exact decimals: the gateway's JSON mapper reads floats as {@link BigDecimal}
 * (see {@link JsonConfiguration}), so {@code 9.99} is never a {@code double}.
 */
public final class RequestFields {

    private static final Pattern EVM_ADDRESS = Pattern.compile("^0x[0-9a-fA-F]{40}$");
    public static final int MAX_METADATA_KEYS = 50;
    public static final int MAX_METADATA_KEY_LENGTH = 40;
    public static final int MAX_METADATA_VALUE_LENGTH = 500;
    public static final int MAX_URL_LENGTH = 2048;
    public static final int DEFAULT_MAX_STRING_LENGTH = 500;

    private final JsonNode body;
    /** The path of this object inside the request body, e.g. {@code prices[1].}; empty at the top level. */
    private final String path;

    private RequestFields(JsonNode body, String path) {
        this.body = body;
        this.path = path;
    }

    /**
     * The fields of a body that must be a JSON object; no body at all reads as an empty object. A body of JSON
     * {@code null} is a body that is not an object, refused like {@code []} or {@code 7}: it must not pass for no
     * body on the routes where the body is optional.
     */
    public static RequestFields of(@Nullable JsonNode body) {
        if (body == null || body.isMissingNode()) {
            return new RequestFields(JsonNodeFactory.instance.objectNode(), "");
        }
        if (!body.isObject()) {
            throw new ApiException(
                    400, ErrorCodes.VALIDATION_ERROR, "The request body must be a JSON object", null, null);
        }
        return new RequestFields(body, "");
    }

    /**
     * The elements of an array of objects, each readable like a body whose errors name their full path
     * ({@code prices[1].interval}). Absent reads as an empty list.
     */
    public List<RequestFields> optionalObjectList(String field, int maxItems) {
        var items = array(field, "objects", maxItems, (element, elementPath) -> {
            if (!element.isObject()) {
                throw ApiException.invalid(elementPath, elementPath + " must be an object");
            }
            return new RequestFields(element, elementPath + ".");
        });
        return items == null ? List.of() : items;
    }

    /**
     * The field's array of at most {@code maxItems} {@code elements} (as the error names them), each read by
     * {@code reader} from the element and its path ({@code prices[1]}); null if absent.
     */
    private <T> @Nullable List<T> array(
            String field, String elements, int maxItems, BiFunction<JsonNode, String, T> reader) {
        var node = node(field);
        if (node == null) {
            return null;
        }
        var name = param(field);
        if (!node.isArray()) {
            throw ApiException.invalid(name, name + " must be an array of " + elements);
        }
        if (node.size() > maxItems) {
            throw ApiException.invalid(name, name + " can have at most " + maxItems + " items");
        }
        var items = new ArrayList<T>(node.size());
        for (int i = 0; i < node.size(); i++) {
            items.add(reader.apply(node.get(i), name + "[" + i + "]"));
        }
        return items;
    }

    /** The full path of a field of this object, as error bodies name it in {@code param}. */
    public String param(String field) {
        return path + field;
    }

    /** True when the field is present, even with a {@code null} value (PATCH: null clears). */
    public boolean isPresent(String field) {
        return body.has(field);
    }

    /**
     * A PATCH field: absent is {@link FieldChange#unchanged()}, {@code null} is {@link FieldChange#cleared()},
     * anything else is read by {@code reader} (which validates it).
     */
    public <T> FieldChange<T> change(String field, Supplier<Optional<T>> reader) {
        if (!body.has(field)) {
            return FieldChange.unchanged();
        }
        return reader.get().map(FieldChange::setTo).orElseGet(FieldChange::cleared);
    }

    /** An array of non-empty strings: at most {@code maxItems}, each at most {@code maxLength} characters. */
    public Optional<List<String>> optionalStringList(String field, int maxItems, int maxLength) {
        var name = param(field);
        return Optional.ofNullable(array(field, "strings", maxItems, (element, elementPath) -> {
            if (!element.isString()
                    || element.stringValue().isBlank()
                    || element.stringValue().length() > maxLength
                    || element.stringValue().indexOf('\u0000') >= 0) {
                throw ApiException.invalid(
                        name, elementPath + " must be a non-empty string of at most " + maxLength + " characters");
            }
            return element.stringValue();
        }));
    }

    /** True when the field is the empty string {@code ""} (a PATCH's way to clear a text field, besides null). */
    public boolean isEmptyString(String field) {
        var node = body.get(field);
        return node != null && node.isString() && node.stringValue().isEmpty();
    }

    /** True when the field is present with a non-null value. */
    public boolean has(String field) {
        var node = body.get(field);
        return node != null && !node.isNull();
    }

    public String requiredString(String field) {
        return optionalString(field).orElseThrow(() -> missing(field));
    }

    public Optional<String> optionalString(String field) {
        return optionalString(field, DEFAULT_MAX_STRING_LENGTH);
    }

    /** A non-empty string of at most {@code maxLength} characters. */
    public Optional<String> optionalString(String field, int maxLength) {
        var node = node(field, JsonNode::isString, "a string");
        if (node == null) {
            return Optional.empty();
        }
        var value = node.stringValue();
        if (value.indexOf('\u0000') >= 0) {
            throw invalid(field, "must not contain NUL characters");
        }
        if (value.isBlank()) {
            throw invalid(field, "must not be empty");
        }
        if (value.length() > maxLength) {
            throw invalid(field, "must be at most " + maxLength + " characters");
        }
        return Optional.of(value);
    }

    public String requiredEvmAddress(String field) {
        return optionalEvmAddress(field).orElseThrow(() -> missing(field));
    }

    /** An EVM address {@code 0x} + 40 hex digits, case kept as given. */
    public Optional<String> optionalEvmAddress(String field) {
        return optionalString(field, 42).map(value -> {
            if (!EVM_ADDRESS.matcher(value).matches()) {
                throw invalid(field, "must be an EVM address: 0x followed by 40 hexadecimal digits");
            }
            return value;
        });
    }

    public UsdcAmount requiredPositiveAmount(String field) {
        return optionalPositiveAmount(field).orElseThrow(() -> missing(field));
    }

    /** A JSON number of USDC, exact, at most 6 decimals, greater than 0 and at most 1,000,000,000. */
    public Optional<UsdcAmount> optionalPositiveAmount(String field) {
        return optionalDecimal(field).map(value -> {
            try {
                return UsdcAmount.parsePositive(value);
            } catch (InvalidAmountException e) {
                throw invalid(field, e.problem().sentence());
            }
        });
    }

    /** A JSON number of USDC, exact, at most 6 decimals, from 0 to 1,000,000,000. */
    public Optional<UsdcAmount> optionalNonNegativeAmount(String field) {
        return optionalDecimal(field).map(value -> {
            try {
                return UsdcAmount.parseNonNegative(value);
            } catch (InvalidAmountException e) {
                throw invalid(field, e.problem().sentence());
            }
        });
    }

    private Optional<BigDecimal> optionalDecimal(String field) {
        return optionalDecimal(field, "a JSON number (in USDC, e.g. 9.99)");
    }

    /** A JSON number, exactly as written (never through a double); {@code expected} names it in the 400. */
    public Optional<BigDecimal> optionalDecimal(String field, String expected) {
        var node = node(field, JsonNode::isNumber, expected);
        if (node == null) {
            return Optional.empty();
        }
        if (node.isFloatingPointNumber() && !node.isBigDecimal()) {
            // A double here would mean the mapper lost exactness before we saw the number: a bug, not input.
            throw new IllegalStateException("JSON floats must be read as BigDecimal; check JsonConfiguration");
        }
        return Optional.of(node.decimalValue());
    }

    /**
     * A whole JSON number within [0, max] ({@code 5} or {@code 5.0}, not {@code 5.5}, {@code "5"} nor {@code -1}); any
     * other value is a 400 with {@code code} naming the field.
     */
    public Optional<Long> optionalWholeNumber(String field, long max, String code) {
        var node = node(field);
        if (node == null) {
            return Optional.empty();
        }
        var problem = new ApiException(
                400, code, param(field) + " must be a whole number from 0 to " + max, param(field), null);
        if (!node.isNumber()) {
            throw problem;
        }
        if (node.isFloatingPointNumber() && !node.isBigDecimal()) {
            throw new IllegalStateException("JSON floats must be read as BigDecimal; check JsonConfiguration");
        }
        var value = node.decimalValue();
        if (value.signum() < 0
                || value.stripTrailingZeros().scale() > 0
                || value.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw problem;
        }
        return Optional.of(value.longValueExact());
    }

    /** The fields of a nested object, whose errors name their full path ({@code payload.tokens}); empty if absent. */
    public Optional<RequestFields> optionalObject(String field) {
        var node = node(field, JsonNode::isObject, "an object");
        return Optional.ofNullable(node).map(object -> new RequestFields(object, param(field) + "."));
    }

    /** An integer literal (no fraction) within [min, max]. */
    public Optional<Integer> optionalInt(String field, int min, int max) {
        var node = node(field, JsonNode::isIntegralNumber, "an integer");
        if (node == null) {
            return Optional.empty();
        }
        var value = node.bigIntegerValue();
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw invalid(field, "must be between " + min + " and " + max);
        }
        return Optional.of(value.intValueExact());
    }

    public Optional<Boolean> optionalBoolean(String field) {
        return Optional.ofNullable(node(field, JsonNode::isBoolean, "true or false"))
                .map(JsonNode::booleanValue);
    }

    /** A string that must be one of {@code allowed}; the message lists them. */
    public Optional<String> optionalOneOf(String field, Set<String> allowed) {
        return optionalString(field, 100).map(value -> {
            if (!allowed.contains(value)) {
                throw invalid(
                        field,
                        "must be one of "
                                + String.join(", ", allowed.stream().sorted().toList()));
            }
            return value;
        });
    }

    /** An absolute http or https URL. */
    public Optional<URI> optionalHttpUrl(String field) {
        return optionalString(field, MAX_URL_LENGTH).map(value -> {
            try {
                var uri = new URI(value);
                var scheme = uri.getScheme();
                if (!uri.isAbsolute()
                        || uri.getHost() == null
                        || !("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))) {
                    throw invalid(field, "must be an absolute http or https URL");
                }
                return uri;
            } catch (URISyntaxException e) {
                throw invalid(field, "must be an absolute http or https URL");
            }
        });
    }

    /**
     * A map of string to string: at most 50 keys, keys 1-40 characters, values strings of at most 500
     * characters. Absent reads as an empty map.
     */
    public Map<String, String> optionalMetadata(String field) {
        var node = node(field);
        if (node == null) {
            return Map.of();
        }
        if (!node.isObject()) {
            throw invalid(field, "must be an object of string keys to string values");
        }
        if (node.size() > MAX_METADATA_KEYS) {
            throw invalid(field, "can have at most " + MAX_METADATA_KEYS + " keys");
        }
        var result = new LinkedHashMap<String, String>();
        for (var entry : node.properties()) {
            var key = entry.getKey();
            if (key.isEmpty() || key.length() > MAX_METADATA_KEY_LENGTH) {
                throw invalid(field, "keys must be 1 to " + MAX_METADATA_KEY_LENGTH + " characters");
            }
            var value = entry.getValue();
            if (key.indexOf('\u0000') >= 0) {
                throw invalid(field, "keys must not contain NUL characters");
            }
            if (!value.isString()) {
                throw ApiException.invalid(param(field), param(field) + "." + key + " must be a string");
            }
            if (value.stringValue().indexOf('\u0000') >= 0) {
                throw ApiException.invalid(param(field), param(field) + "." + key + " must not contain NUL characters");
            }
            if (value.stringValue().length() > MAX_METADATA_VALUE_LENGTH) {
                throw ApiException.invalid(
                        param(field),
                        param(field) + "." + key + " must be at most " + MAX_METADATA_VALUE_LENGTH + " characters");
            }
            result.put(key, value.stringValue());
        }
        return result;
    }

    private @Nullable JsonNode node(String field) {
        var node = body.get(field);
        return node == null || node.isNull() ? null : node;
    }

    /** The field's value, null when absent; a value that {@code isKind} refuses is a 400: "must be {@code kind}". */
    private @Nullable JsonNode node(String field, Predicate<JsonNode> isKind, String kind) {
        var node = node(field);
        if (node != null && !isKind.test(node)) {
            throw invalid(field, "must be " + kind);
        }
        return node;
    }

    /** The 400 of a field: {@code problem} follows the field's full path in the message. */
    private ApiException invalid(String field, String problem) {
        return ApiException.invalid(param(field), param(field) + " " + problem);
    }

    private ApiException missing(String field) {
        return invalid(field, "is required");
    }
}
