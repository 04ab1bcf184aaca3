package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A validated {@code POST /admin/v1/merchants/{id}/users} body: an email (stored lower-cased), the role (required
 * but for a team's first user, who is its owner) and a password of 12 to 256 characters.
 */
public record UserRequest(String email, @Nullable UserRole role, String password) {

    /** The longest address SMTP carries. */
    static final int MAX_EMAIL_LENGTH = 254;
    /** Long enough that guessing is hopeless (NIST SP 800-63B asks at least 8); at most what hashing should take. */
    public static final int MIN_PASSWORD_LENGTH = 12;

    static final int MAX_PASSWORD_LENGTH = 256;
    /** One @, something on both sides and a dot in the domain, no spaces: the mail server checks the rest. */
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s.]+");

    public static UserRequest parse(RequestFields fields) {
        var email = email(fields);
        var role = fields.optionalOneOf("role", UserRole.NAMES)
                .flatMap(UserRole::fromWireName)
                .orElse(null);
        var password = fields.optionalString("password", MAX_PASSWORD_LENGTH)
                .orElseThrow(() -> ApiException.invalid("password", "password is required"));
        passwordProblem(password).ifPresent(problem -> {
            throw ApiException.invalid("password", problem);
        });
        return new UserRequest(email, role, password);
    }

    /** The required {@code email} field, checked and lower-cased. */
    static String email(RequestFields fields) {
        var email = fields.optionalString("email", MAX_EMAIL_LENGTH)
                .orElseThrow(() -> ApiException.invalid("email", "email is required"));
        if (!EMAIL.matcher(email).matches()) {
            throw ApiException.invalid("email", "email must be an address such as ana@example.com");
        }
        return email.toLowerCase(Locale.ROOT);
    }

    /** What is wrong with {@code password} as a member's password (its length), if anything. */
    public static Optional<String> passwordProblem(String password) {
        int length = password.codePointCount(0, password.length());
        if (length < MIN_PASSWORD_LENGTH) {
            return Optional.of("password must have at least " + MIN_PASSWORD_LENGTH + " characters");
        }
        if (password.length() > MAX_PASSWORD_LENGTH) {
            return Optional.of("password must have at most " + MAX_PASSWORD_LENGTH + " characters");
        }
        return Optional.empty();
    }

    /** Never the password: a request may end up in an exception's message or a debugger's view. */
    @Override
    public String toString() {
        return "UserRequest[email=" + email + ", role=" + role + "]";
    }
}
