package io.abk.billing.opskit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresTlsTest {

    @Test
    void shouldLeaveTheUrlsAsTheyAreWhenNoModeIsSet() {
        var tls = PostgresTls.fromEnv(new Env(Map.of()));

        assertThat(tls).isEqualTo(PostgresTls.DRIVER_DEFAULTS);
        assertThat(tls.jdbcUrl("jdbc:postgresql://db:5432/billing")).isEqualTo("jdbc:postgresql://db:5432/billing");
    }

    @Test
    void shouldPutTheModeAndRootCertificateIntoBothUrlsReplacingTheirOwn(@TempDir Path dir) throws Exception {
        var ca = Files.writeString(dir.resolve("ca.pem"), "not read here");
        var tls = PostgresTls.fromEnv(
                new Env(Map.of("BILLING_DB_SSLMODE", "VERIFY-FULL", "BILLING_DB_SSLROOTCERT", ca.toString())));

        assertThat(tls.jdbcUrl("jdbc:postgresql://db:5432/billing?sslmode=disable&ApplicationName=gw"))
                .isEqualTo(
                        "jdbc:postgresql://db:5432/billing?ApplicationName=gw&sslmode=verify-full&sslrootcert=" + ca);
        assertThat(tls.r2dbcUrl("r2dbc:postgresql://db:5432/billing"))
                .isEqualTo("r2dbc:postgresql://db:5432/billing?sslmode=verify-full&sslRootCert=" + ca);
    }

    @Test
    void shouldNameTheVariableOfAModeItDoesNotKnow() {
        assertThatThrownBy(() -> PostgresTls.fromEnv(new Env(Map.of("BILLING_DB_SSLMODE", "on"))))
                .hasMessageStartingWith("BILLING_DB_SSLMODE must be one of");
        assertThatThrownBy(() -> PostgresTls.fromEnv(new Env(Map.of("BILLING_DB_SSLROOTCERT", "/etc/ca.pem"))))
                .hasMessageStartingWith("BILLING_DB_SSLROOTCERT is set without BILLING_DB_SSLMODE");
    }
}
