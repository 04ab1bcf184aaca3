package io.abk.billing.schemas.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class InvoiceNumbersTest {

    @Test
    void numbersArePaddedToSixDigitsAndGrowPastThem() {
        assertThat(InvoiceNumbers.format("ACME", 1)).isEqualTo("ACME-000001");
        assertThat(InvoiceNumbers.format("ACME", 999_999)).isEqualTo("ACME-999999");
        assertThat(InvoiceNumbers.format("ACME", 1_000_000)).isEqualTo("ACME-1000000");
        assertThatThrownBy(() -> InvoiceNumbers.format("ACME", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDefaultPrefixIsEightValidCharactersStableForAMerchant() {
        var prefix = InvoiceNumbers.defaultPrefix("mer_01abc");
        assertThat(prefix).hasSize(8).isEqualTo(InvoiceNumbers.defaultPrefix("mer_01abc"));
        assertThat(InvoiceNumbers.isValidPrefix(prefix)).isTrue();
        assertThat(InvoiceNumbers.defaultPrefix("mer_01abd")).isNotEqualTo(prefix);
    }

    @Test
    void aPrefixIsThreeToTwelveUpperCaseLettersAndDigits() {
        assertThat(InvoiceNumbers.isValidPrefix("ACM")).isTrue();
        assertThat(InvoiceNumbers.isValidPrefix("ACME2026ABCD")).isTrue();
        assertThat(InvoiceNumbers.isValidPrefix("AC")).isFalse();
        assertThat(InvoiceNumbers.isValidPrefix("ACME2026ABCDE")).isFalse();
        assertThat(InvoiceNumbers.isValidPrefix("acme")).isFalse();
        assertThat(InvoiceNumbers.isValidPrefix("AC-ME")).isFalse();
    }

    @Test
    void aMerchantsNumberingIsKeyedByMerchantAndMode() {
        assertThat(InvoiceNumbers.key("mer_1", "test")).isEqualTo("mer_1/test");
        assertThat(InvoiceNumbers.key("mer_1", "LIVE")).isEqualTo("mer_1/live");
    }
}
