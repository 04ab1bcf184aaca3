package io.abk.billing.gateway.readmodel.projection;

import org.jspecify.annotations.Nullable;

/** Where the projector's dedicated JDBC connection goes. */
public record JdbcSettings(
        String url, @Nullable String username, @Nullable String password) {

    @Override
    public String toString() {
        // Never the password.
        return "JdbcSettings[url=" + url + ", username=" + username + "]";
    }
}
