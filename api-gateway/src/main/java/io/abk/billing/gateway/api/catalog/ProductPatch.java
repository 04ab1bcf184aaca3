package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.platform.json.FieldChange;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;

/** A validated {@code PATCH /v1/products/{id}} body: {@code {active?, name?, description?}}; null clears description. */
public record ProductPatch(FieldChange<Boolean> active, FieldChange<String> name, FieldChange<String> description) {

    public static ProductPatch parse(RequestFields fields) {
        var active = fields.change("active", () -> fields.optionalBoolean("active"));
        if (active.given() && active.value() == null) {
            throw ApiException.invalid("active", "active must be true or false");
        }
        var name = fields.change("name", () -> fields.optionalString("name", ProductRequest.MAX_NAME_LENGTH));
        if (name.given() && name.value() == null) {
            throw ApiException.invalid("name", "name cannot be cleared; give a new name or leave it out");
        }
        var description = fields.change(
                "description", () -> fields.optionalString("description", ProductRequest.MAX_DESCRIPTION_LENGTH));
        return new ProductPatch(active, name, description);
    }
}
