package io.abk.billing.usdt.domain.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The API's codes and outcomes come from the constants' names: a renamed constant must fail here. */
class MatchNamesTest {

    @Test
    void shouldKeepEveryCodeWhenNamingTheConstants() {
        assertThat(Arrays.stream(MatchCode.values()).map(MatchCode::wire))
                .containsExactly(
                        "tx_not_found",
                        "tx_reverted",
                        "wrong_recipient",
                        "amount_too_low",
                        "amount_too_high",
                        "pending_confirmations");
        assertThat(MatchCode.fromWire("amount_too_low")).isEqualTo(MatchCode.AMOUNT_TOO_LOW);
    }

    @Test
    void shouldKeepEveryOutcomeWhenNamingTheConstants() {
        assertThat(Arrays.stream(MatchOutcome.values()).map(MatchOutcome::wire))
                .containsExactly(
                        "confirmed",
                        "underpaid",
                        "overpaid",
                        "wrong_recipient",
                        "not_found",
                        "reverted",
                        "pending_confirmations");
        assertThat(MatchOutcome.fromWire("not_found")).isEqualTo(MatchOutcome.NOT_FOUND);
    }
}
