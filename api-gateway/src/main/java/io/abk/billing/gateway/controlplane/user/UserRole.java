package io.abk.billing.gateway.controlplane.user;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a team member may do, each role everything the one below it may: a viewer reads everything but secrets; a
 * developer also manages keys, webhooks and the test clock; an admin also moves money (charge, refund, void, cancel)
 * and changes the catalog; an owner also manages the team and the merchant's settings.
 */
public enum UserRole {
    VIEWER,
    DEVELOPER,
    ADMIN,
    OWNER;

    /** The names the API and the database use: {@code viewer}, {@code developer}, {@code admin}, {@code owner}. */
    public static final Set<String> NAMES =
            Arrays.stream(values()).map(UserRole::wireName).collect(Collectors.toUnmodifiableSet());

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether this role may do what {@code needed} may. */
    public boolean includes(UserRole needed) {
        return compareTo(needed) >= 0;
    }

    public static Optional<UserRole> fromWireName(String name) {
        return Arrays.stream(values())
                .filter(role -> role.wireName().equals(name))
                .findFirst();
    }

    /** The role a {@code merchant_users.role} column holds (its CHECK allows no other value). */
    public static UserRole ofColumn(String value) {
        return fromWireName(value)
                .orElseThrow(() -> new IllegalStateException("merchant_users.role holds '" + value + "'"));
    }
}
