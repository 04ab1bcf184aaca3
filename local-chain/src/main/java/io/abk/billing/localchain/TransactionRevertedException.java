package io.abk.billing.localchain;

import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.TokenRevert;
import io.abk.billing.contracts.VaultError;

/**
 * A call or transaction the chain refused because the contract reverted; {@link #revertData()} holds the ABI
 * revert data ({@code 0x} hex, possibly just {@code 0x}) for {@link SubscriptionVaultAbi#decodeError} or {@link
 * PermitTokenAbi#decodeRevert}.
 */
public final class TransactionRevertedException extends RuntimeException {

    private final String revertData;

    public TransactionRevertedException(String message, String revertData) {
        super(message + " revertData=" + revertData);
        this.revertData = revertData;
    }

    public String revertData() {
        return revertData;
    }

    /** The revert decoded as a token's refusal: FiatToken's revert strings, the test token's balance error. */
    public TokenRevert tokenRevert() {
        return PermitTokenAbi.decodeRevert(revertData);
    }

    /** The revert decoded as a vault or test-token error. */
    public VaultError vaultError() {
        return SubscriptionVaultAbi.decodeError(revertData);
    }
}
