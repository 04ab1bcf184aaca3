package io.abk.billing.gateway.controlplane.user;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PasswordsTest {

    private final Passwords passwords = new Passwords();

    @Test
    void shouldMatchOnlyThePasswordAHashWasMadeFromWhenEachHashHasItsOwnSalt() {
        var first = passwords.hash("correct horse battery").block();
        var second = passwords.hash("correct horse battery").block();

        assertThat(first).startsWith("$argon2id$v=19$m=19456,t=2,p=1$").isNotEqualTo(second);
        assertThat(passwords.matches("correct horse battery", first).block()).isTrue();
        assertThat(passwords.matches("correct horse batterY", first).block()).isFalse();
        assertThat(passwords.matches("correct horse battery", second).block()).isTrue();
    }
}
