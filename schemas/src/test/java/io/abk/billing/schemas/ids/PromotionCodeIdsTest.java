package io.abk.billing.schemas.ids;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PromotionCodeIdsTest {

    @Test
    void aCodeHasOneIdInAnyCaseWithinAMerchantAndMode() {
        var id = PromotionCodeIds.of("mer_1", "test", "WELCOME20");
        assertThat(id).matches("promo_[0-9a-hjkmnp-tv-z]{26}");
        assertThat(PromotionCodeIds.of("mer_1", "TEST", "welcome20")).isEqualTo(id);
        assertThat(PromotionCodeIds.of("mer_1", "live", "WELCOME20")).isNotEqualTo(id);
        assertThat(PromotionCodeIds.of("mer_2", "test", "WELCOME20")).isNotEqualTo(id);
        assertThat(PromotionCodeIds.of("mer_1", "test", "WELCOME21")).isNotEqualTo(id);
    }
}
