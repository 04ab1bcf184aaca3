package io.abk.billing.gateway.controlplane.user;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UserRequestTest {

    @Test
    void shouldFindNoProblemWithAPasswordOf12To256Characters() {
        assertThat(UserRequest.passwordProblem("a".repeat(12))).isEmpty();
        assertThat(UserRequest.passwordProblem("a".repeat(256))).isEmpty();
    }

    @Test
    void shouldNameTheLengthWhenAPasswordIsTooShortOrTooLong() {
        assertThat(UserRequest.passwordProblem("a".repeat(11))).contains("password must have at least 12 characters");
        assertThat(UserRequest.passwordProblem("a".repeat(257))).contains("password must have at most 256 characters");
    }

    /** Characters are counted as a person counts them: an emoji is one, not the two UTF-16 units Java stores. */
    @Test
    void shouldCountCodePointsNotUtf16UnitsWhenAPasswordIsShort() {
        assertThat(UserRequest.passwordProblem("\uD83D\uDE00".repeat(6))).isPresent();
    }
}
