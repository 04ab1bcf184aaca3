package io.abk.billing.schemas.ids;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import org.junit.jupiter.api.Test;

class CustomerIdsTest {

    private static final String MERCHANT = "mer_01kaaaaaaaaaaaaaaaaaaaaaaa";
    private static final String WALLET = "0x1111111111111111111111111111111111111aBc";

    @Test
    void shouldDeriveTheSameWellFormedIdForAWalletInAnyCase() {
        var id = CustomerIds.of(MERCHANT, "test", WALLET);

        assertThat(Ids.isWellFormed(IdPrefix.CUSTOMER, id)).as(id).isTrue();
        assertThat(CustomerIds.of(MERCHANT, "TEST", WALLET.toUpperCase().replace("0X", "0x")))
                .isEqualTo(id);
        // a fixed vector: the id is part of every stored subscription and of the API, so the derivation never changes
        assertThat(id).isEqualTo("cus_bdjseh788f5gew37g8b88hfjxg");
    }

    @Test
    void shouldDeriveADifferentIdForAnotherMerchantModeOrWallet() {
        var ids = new HashSet<String>();
        ids.add(CustomerIds.of(MERCHANT, "test", WALLET));
        ids.add(CustomerIds.of(MERCHANT, "live", WALLET));
        ids.add(CustomerIds.of("mer_01kbbbbbbbbbbbbbbbbbbbbbbb", "test", WALLET));
        ids.add(CustomerIds.of(MERCHANT, "test", "0x2222222222222222222222222222222222222222"));

        assertThat(ids).hasSize(4);
    }

    @Test
    void shouldSpreadTenThousandWalletsOverTenThousandIds() {
        var ids = new HashSet<String>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(CustomerIds.of(MERCHANT, "live", "0x%040x".formatted(i)));
        }
        assertThat(ids).hasSize(10_000);
    }
}
