package io.abk.billing.localchain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LocalChainSmokeIT {

    @Test
    @SuppressWarnings("unchecked")
    void shouldStartAnvilWithItsDefaultAccountsAndDeployTheContracts() {
        try (var fixture = new VaultFixture()) {
            var anvilAccounts = (List<String>) fixture.node.rpc("eth_accounts");
            assertThat(anvilAccounts)
                    .containsExactlyElementsOf(fixture.node.accounts().stream()
                            .map(c -> c.getAddress())
                            .toList());
            assertThat(fixture.node.latestBlockTimestamp()).isAfterOrEqualTo(VaultFixture.GENESIS);
            assertThat(fixture.balance(fixture.customer.getAddress())).isEqualTo(VaultFixture.FUNDS);
        }
    }
}
