package io.abk.billing.chain.domain.autosettle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MandateTermsTest {

    private static final String PAYOUT = "0xAbC0000000000000000000000000000000000001";
    private static final String USDC = "0x5fbdb2315678afecb367f032d93f642f64180aa3";

    @Test
    void shouldFitWhenMerchantTokenAmountAndPeriodAgreeWhateverTheirCase() {
        assertThat(MandateTerms.problem(
                        PAYOUT,
                        10,
                        "month",
                        USDC,
                        PAYOUT.toLowerCase(),
                        USDC.toUpperCase().replace("0X", "0x"),
                        10,
                        1))
                .isEmpty();
        assertThat(MandateTerms.problem(PAYOUT, 10, "year", USDC, PAYOUT, USDC, 12, 12))
                .isEmpty();
    }

    @Test
    void shouldNameTheProblemWhenATermDiffers() {
        assertThat(MandateTerms.problem(PAYOUT, 10, "month", USDC, "0xother", USDC, 10, 1))
                .get()
                .asString()
                .contains("payout address");
        assertThat(MandateTerms.problem(PAYOUT, 10, "month", USDC, PAYOUT, "0xtoken", 10, 1))
                .get()
                .asString()
                .contains("token");
        assertThat(MandateTerms.problem(PAYOUT, 10, "month", USDC, PAYOUT, USDC, 9, 1))
                .get()
                .asString()
                .contains("less than");
        assertThat(MandateTerms.problem(PAYOUT, 10, "month", USDC, PAYOUT, USDC, 10, 12))
                .get()
                .asString()
                .contains("period");
    }
}
