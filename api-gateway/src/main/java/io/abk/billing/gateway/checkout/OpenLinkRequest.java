package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The body of {@code POST /checkout/link/{id}/open}, as JSON or as the link page's form: {@code customerWallet}
 * (an EVM address, optional), {@code email} (required when the link collects it; a plausible address) and
 * {@code name} (required when collected; 1-200 characters). A missing or bad field is 400 {@code validation_error}
 * naming it. A field the link does not collect is still checked when given, and passed on as given.
 */
record OpenLinkRequest(
        @Nullable String customerWallet,
        @Nullable String email,
        @Nullable String name) {

    static final List<String> FIELDS = List.of("customerWallet", "email", "name");
    static final int MAX_EMAIL_LENGTH = 254;
    static final int MAX_NAME_LENGTH = 200;

    static OpenLinkRequest parse(RequestFields fields, boolean collectEmail, boolean collectName) {
        var wallet = fields.optionalEvmAddress("customerWallet").orElse(null);
        var email = fields.optionalString("email", MAX_EMAIL_LENGTH)
                .map(value -> {
                    if (!isPlausibleEmail(value)) {
                        throw ApiException.invalid("email", "email must be an e-mail address such as name@example.com");
                    }
                    return value;
                })
                .orElse(null);
        if (email == null && collectEmail) {
            throw ApiException.invalid(
                    "email", "email is required: this payment link collects the customer's e-mail address");
        }
        var name = fields.optionalString("name", MAX_NAME_LENGTH).orElse(null);
        if (name == null && collectName) {
            throw ApiException.invalid("name", "name is required: this payment link collects the customer's name");
        }
        return new OpenLinkRequest(wallet, email, name);
    }

    /**
     * The link page's form as a JSON body: its fields, trimmed, with an empty field (a form always sends every
     * input) counting as absent.
     */
    static ObjectNode fromForm(MultiValueMap<String, String> form) {
        var body = JsonNodeFactory.instance.objectNode();
        for (var field : FIELDS) {
            var value = form.getFirst(field);
            if (value != null && !value.isBlank()) {
                body.put(field, value.strip());
            }
        }
        return body;
    }

    /** At most 254 characters, no whitespace, one {@code @} with something before it and a dotted domain after it. */
    static boolean isPlausibleEmail(String value) {
        if (value.length() > MAX_EMAIL_LENGTH || value.chars().anyMatch(Character::isWhitespace)) {
            return false;
        }
        int at = value.indexOf('@');
        if (at <= 0 || at != value.lastIndexOf('@')) {
            return false;
        }
        var domain = value.substring(at + 1);
        int dot = domain.indexOf('.');
        return dot > 0 && !domain.endsWith(".") && !domain.contains("..");
    }
}
