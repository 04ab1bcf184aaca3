package io.abk.billing.gateway.api.webhook;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.abk.billing.gateway.platform.json.FieldChange;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.util.List;

/**
 * A {@code PATCH /v1/webhook_endpoints/{id}} body {@code {url?, enabledEvents?, description?, disabled?}}. A null
 * {@code description} clears it; a null {@code enabledEvents} means all events again; {@code url} and
 * {@code disabled} cannot be null.
 */
public record EndpointPatch(
        FieldChange<String> url,
        FieldChange<List<String>> enabledEvents,
        FieldChange<String> description,
        FieldChange<Boolean> disabled) {

    public static EndpointPatch parse(RequestFields fields) {
        var url = fields.change("url", () -> fields.optionalString("url", EndpointUrlGuard.MAX_URL_LENGTH));
        if (url.given() && url.value() == null) {
            throw ApiException.invalid("url", "url cannot be cleared; give a new URL or leave it out");
        }
        var events = fields.change("enabledEvents", () -> EventTypes.parse(fields, "enabledEvents"));
        var description = fields.change(
                "description", () -> fields.optionalString("description", EndpointRequest.MAX_DESCRIPTION_LENGTH));
        var disabled = fields.change("disabled", () -> fields.optionalBoolean("disabled"));
        if (disabled.given() && disabled.value() == null) {
            throw ApiException.invalid("disabled", "disabled must be true or false");
        }
        return new EndpointPatch(url, events, description, disabled);
    }
}
