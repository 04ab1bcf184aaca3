package io.abk.billing.gateway.api.meter;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.schemas.ids.MeterEvents;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** A validated {@code POST /v1/meters} body: {@code {eventName, aggregation, displayName?, valueKey?}}. */
public record CreateMeterRequest(
        String eventName, String aggregation, @Nullable String displayName, String valueKey) {

    public static final Set<String> AGGREGATIONS = Set.of("sum", "count", "max");
    public static final String DEFAULT_VALUE_KEY = "value";
    static final int MAX_DISPLAY_NAME_LENGTH = 200;
    /** A payload key: a letter or underscore, then up to 99 letters, digits or underscores. */
    static final Pattern VALUE_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,99}");

    public static CreateMeterRequest parse(RequestFields fields) {
        var eventName = fields.optionalString("eventName", 100)
                .orElseThrow(() -> ApiException.invalid("eventName", "eventName is required"));
        if (!MeterEvents.EVENT_NAME.matcher(eventName).matches()) {
            throw ApiException.invalid(
                    "eventName",
                    "eventName must start with a letter, then up to 99 letters, digits, '_', '.', ':' or '-'");
        }
        var aggregation = fields.optionalOneOf("aggregation", AGGREGATIONS)
                .orElseThrow(() -> ApiException.invalid("aggregation", "aggregation is required: sum, count or max"));
        var displayName =
                fields.optionalString("displayName", MAX_DISPLAY_NAME_LENGTH).orElse(null);
        var valueKey = fields.optionalString("valueKey", 100).orElse(DEFAULT_VALUE_KEY);
        if (!VALUE_KEY.matcher(valueKey).matches()) {
            throw ApiException.invalid(
                    "valueKey", "valueKey must start with a letter or '_', then up to 99 letters, digits or '_'");
        }
        return new CreateMeterRequest(eventName, aggregation, displayName, valueKey);
    }
}
