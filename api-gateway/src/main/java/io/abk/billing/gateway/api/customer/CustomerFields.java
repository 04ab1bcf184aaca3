package io.abk.billing.gateway.api.customer;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import java.util.Optional;

/**
 * The fields a customer's create and update share: {@code email} (at most 254 characters, one {@code @} with text
 * on both sides, no white space, else 400 {@code invalid_email}) and {@code name} (1-200 characters).
 */
final class CustomerFields {

    /** The longest address SMTP carries (RFC 5321's path limit, less its angle brackets). */
    static final int MAX_EMAIL_LENGTH = 254;

    static final int MAX_NAME_LENGTH = 200;

    private CustomerFields() {}

    static Optional<String> email(RequestFields fields) {
        // Read as a string of any length first, so that a long one is invalid_email like any other bad address.
        return fields.optionalString("email", Integer.MAX_VALUE).map(email -> {
            if (!isEmail(email)) {
                throw new ApiException(
                        400,
                        ErrorCodes.INVALID_EMAIL,
                        "email must be one address: at most " + MAX_EMAIL_LENGTH
                                + " characters, one @ with text on both sides, no spaces",
                        fields.param("email"),
                        null);
            }
            return email;
        });
    }

    static Optional<String> name(RequestFields fields) {
        return fields.optionalString("name", MAX_NAME_LENGTH);
    }

    static boolean isEmail(String email) {
        int at = email.indexOf('@');
        return email.length() <= MAX_EMAIL_LENGTH
                && at > 0
                && at == email.lastIndexOf('@')
                && at < email.length() - 1
                && email.codePoints().noneMatch(Character::isWhitespace);
    }
}
