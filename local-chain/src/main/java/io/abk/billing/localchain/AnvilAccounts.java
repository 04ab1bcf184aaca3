package io.abk.billing.localchain;

import io.abk.billing.contracts.AnvilKeys;
import java.util.List;
import org.web3j.crypto.Credentials;

/**
 * anvil's ten default accounts, derived from its public test mnemonic ("test test ... junk"), each funded with
 * 10,000 ETH at genesis. These keys are published in Foundry's documentation and known to everyone: they are for
 * local development chains only and must never hold anything on a real chain ({@link AnvilKeys}).
 */
public final class AnvilAccounts {

    private static final List<Credentials> ALL =
            AnvilKeys.PUBLIC_TEST_KEYS.stream().map(Credentials::create).toList();

    private AnvilAccounts() {}

    /** The ten accounts in anvil's order (index 0 is anvil's usual deployer). */
    public static List<Credentials> all() {
        return ALL;
    }

    public static Credentials get(int index) {
        return ALL.get(index);
    }
}
