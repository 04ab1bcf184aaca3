package io.abk.billing.usdt.domain.match;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The API's codes and outcomes come from the constants' names: a renamed constant must fail here. */
class MatchNamesTest {

    @ParameterizedTest
    @CsvSource({
        "code, TX_NOT_FOUND, tx_not_found",
        "code, TX_REVERTED, tx_reverted",
        "code, WRONG_RECIPIENT, wrong_recipient",
        "code, AMOUNT_TOO_LOW, amount_too_low",
        "code, AMOUNT_TOO_HIGH, amount_too_high",
        "code, PENDING_CONFIRMATIONS, pending_confirmations",
        "outcome, CONFIRMED, confirmed",
        "outcome, UNDERPAID, underpaid",
        "outcome, OVERPAID, overpaid",
        "outcome, WRONG_RECIPIENT, wrong_recipient",
        "outcome, NOT_FOUND, not_found",
        "outcome, REVERTED, reverted",
        "outcome, PENDING_CONFIRMATIONS, pending_confirmations"
    })
    void shouldKeepTheApiNameWhenNamingAConstant(String kind, String constant, String wire) {
        if (kind.equals("code")) {
            assertThat(MatchCode.valueOf(constant).wire()).isEqualTo(wire);
            assertThat(MatchCode.fromWire(wire)).isEqualTo(MatchCode.valueOf(constant));
        } else {
            assertThat(MatchOutcome.valueOf(constant).wire()).isEqualTo(wire);
            assertThat(MatchOutcome.fromWire(wire)).isEqualTo(MatchOutcome.valueOf(constant));
        }
    }

    @Test
    void shouldNameEveryConstantInTheTable() {
        assertThat(MatchCode.values()).hasSize(6);
        assertThat(MatchOutcome.values()).hasSize(7);
    }
}
