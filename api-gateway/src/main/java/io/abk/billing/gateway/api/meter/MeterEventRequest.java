package io.abk.billing.gateway.api.meter;

import io.abk.billing.gateway.api.RequestTimestamps;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.ids.MeterEvents;
import io.abk.billing.schemas.render.ApiJson;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * One validated meter event ({@code POST /v1/meter_events}, or one of a batch's {@code events}): {@code {eventName,
 * identifier?, timestamp?, customerId | customerWallet, value? | payload?}}, checked against the caller's meters and
 * the effective now. A wallet's customer is {@link CustomerIds#of}, so naming a customer costs no lookup: a
 * {@code customerId} must only be well formed (and, with a wallet, that wallet's).
 */
public record MeterEventRequest(MeterEvent event) {

    /** The most an event may be ahead of now: clocks of the merchant's servers drift a little. */
    static final Duration MAX_AHEAD = Duration.ofMinutes(5);

    /** A default identifier: {@code mev_} and 32 random hexadecimal digits. */
    static final String DEFAULT_IDENTIFIER_PREFIX = "mev_";

    private static final int MAX_ID_LENGTH = 255;

    /** Reads one event; {@code meters} are the caller's by event name, {@code now} its effective now. */
    public static MeterEventRequest parse(RequestFields fields, Caller caller, Map<String, Meter> meters, Instant now) {
        var eventName = fields.optionalString("eventName", 100)
                .orElseThrow(() ->
                        ApiException.invalid(fields.param("eventName"), fields.param("eventName") + " is required"));
        var meter = meters.get(eventName);
        if (meter == null) {
            throw new ApiException(
                    400,
                    ErrorCodes.METER_NOT_FOUND,
                    "No meter of event name '" + eventName + "': create it first (POST /v1/meters)",
                    fields.param("eventName"),
                    null);
        }
        if (!meter.active()) {
            throw new ApiException(
                    400,
                    ErrorCodes.METER_INACTIVE,
                    "The meter of event name '" + eventName + "' (" + meter.id() + ") is inactive",
                    fields.param("eventName"),
                    null);
        }
        var identifier = fields.optionalString("identifier", 100).orElse(null);
        if (identifier != null && !MeterEvents.IDENTIFIER.matcher(identifier).matches()) {
            throw ApiException.invalid(
                    fields.param("identifier"),
                    fields.param("identifier") + " must be 1 to 100 printable ASCII characters without spaces");
        }
        if (identifier == null) {
            identifier =
                    DEFAULT_IDENTIFIER_PREFIX + UUID.randomUUID().toString().replace("-", "");
        }
        var timestamp = RequestTimestamps.optional(fields, "timestamp").orElse(now);
        if (timestamp.isBefore(now.minus(MeterEvents.DEDUPLICATION_WINDOW)) || timestamp.isAfter(now.plus(MAX_AHEAD))) {
            throw new ApiException(
                    400,
                    ErrorCodes.TIMESTAMP_OUT_OF_RANGE,
                    fields.param("timestamp") + " must be within the last "
                            + MeterEvents.DEDUPLICATION_WINDOW.toDays() + " days and at most "
                            + MAX_AHEAD.toMinutes() + " minutes ahead of now (" + ApiJson.timestamp(now) + ")",
                    fields.param("timestamp"),
                    null);
        }
        var customerId = customerId(fields, caller);
        long value = value(fields, meter);
        return new MeterEventRequest(MeterEvent.newBuilder()
                .setMerchantId(caller.merchantId())
                .setMode(caller.mode())
                .setCustomerId(customerId)
                .setEventName(eventName)
                .setIdentifier(identifier)
                .setTimestamp(timestamp)
                .setValue(value)
                .setReceivedAt(now)
                .build());
    }

    /** The record key: the customer's, so its events meet its subscriptions' usage commands in one task. */
    public String key() {
        return MeterEvents.key(event.getMerchantId(), ApiJson.mode(event.getMode()), event.getCustomerId());
    }

    /** The event as the API answers it. */
    public Map<String, @Nullable Object> json() {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("object", "meter_event");
        json.put("eventName", event.getEventName());
        json.put("identifier", event.getIdentifier());
        json.put("timestamp", ApiJson.timestamp(event.getTimestamp()));
        json.put("customerId", event.getCustomerId());
        json.put("value", event.getValue());
        return json;
    }

    private static String customerId(RequestFields fields, Caller caller) {
        var wallet = fields.optionalEvmAddress("customerWallet").orElse(null);
        var customerId = fields.optionalString("customerId", MAX_ID_LENGTH).orElse(null);
        if (wallet == null && customerId == null) {
            throw ApiException.invalid(
                    fields.param("customerId"),
                    fields.param("customerId") + " (a customer of yours) or customerWallet is required");
        }
        var walletCustomer = wallet == null
                ? null
                : CustomerIds.of(caller.merchantId(), ApiKeyFormat.modeText(caller.mode()), wallet);
        if (customerId == null) {
            return Objects.requireNonNull(walletCustomer);
        }
        if (!Ids.isWellFormed(IdPrefix.CUSTOMER, customerId)) {
            throw new ApiException(
                    400,
                    ErrorCodes.CUSTOMER_NOT_FOUND,
                    "No such customer: '" + customerId + "'",
                    fields.param("customerId"),
                    null);
        }
        if (walletCustomer != null && !walletCustomer.equals(customerId)) {
            throw new ApiException(
                    400,
                    ErrorCodes.CUSTOMER_WALLET_MISMATCH,
                    fields.param("customerWallet") + " " + wallet + " is not the wallet of customer " + customerId
                            + ": give one of the two",
                    fields.param("customerWallet"),
                    null);
        }
        return customerId;
    }

    /** {@code value}, else the payload's number under the meter's value key, else 1 for a count meter. */
    private static long value(RequestFields fields, Meter meter) {
        var payload = fields.optionalObject("payload").orElse(null);
        if (payload != null && fields.has("value")) {
            throw new ApiException(
                    400,
                    ErrorCodes.INVALID_VALUE,
                    "Give " + fields.param("value") + " or " + fields.param("payload") + ", not both",
                    fields.param("value"),
                    null);
        }
        var value = payload != null
                ? payload.optionalWholeNumber(meter.valueKey(), MeterEvents.MAX_VALUE, ErrorCodes.INVALID_VALUE)
                : fields.optionalWholeNumber("value", MeterEvents.MAX_VALUE, ErrorCodes.INVALID_VALUE);
        if (value.isPresent()) {
            return value.get();
        }
        if (meter.aggregation().equals(Meter.COUNT)) {
            return 1;
        }
        var param = payload != null ? payload.param(meter.valueKey()) : fields.param("value");
        throw new ApiException(
                400,
                ErrorCodes.INVALID_VALUE,
                param + " is required: the meter of '" + meter.eventName() + "' takes the " + meter.aggregation()
                        + " of its events' values",
                param,
                null);
    }
}
